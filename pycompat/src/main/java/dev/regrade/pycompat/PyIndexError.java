package dev.regrade.pycompat;

/**
 * Python's {@code IndexError}: raised by ported code where the Python original raises {@code IndexError} (for example {@code list index out of range}).
 */
public class PyIndexError extends PyException {

    private static final long serialVersionUID = 1L;

    /**
     * Creates a {@code IndexError}.
     *
     * @param message the Python message, i.e. {@code str(exc)} in Python
     */
    public PyIndexError(String message) {
        super("IndexError", message);
    }
}
