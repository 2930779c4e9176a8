package dev.regrade.audit.inputs;

/** Input the user gave that Regrade cannot use; the command line prints the message and exits 2. */
public final class BadInputException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public BadInputException(String message) {
        super(message);
    }
}
