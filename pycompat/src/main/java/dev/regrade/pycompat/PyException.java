package dev.regrade.pycompat;

/**
 * A Python exception raised by ported code, so that a Java port can reproduce a
 * crash of the original Python script exactly.
 *
 * <p>It carries the Python exception type name (for example {@code "ValueError"})
 * and the Python message, i.e. what {@code str(exc)} gives in Python.
 * {@link #getMessage()} returns that Python message and {@link #toString()} returns
 * the last line Python prints in a traceback: {@code "ValueError: msg"}, or just
 * {@code "ValueError"} when the message is empty.
 *
 * <p>The common types have their own subclasses ({@link PyValueError},
 * {@link PyTypeError}, ...); any other Python type can be raised with
 * {@code new PyException("OverflowError", "...")}.
 */
public class PyException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final String pythonType;
    private final String pythonMessage;

    /**
     * Creates a Python exception.
     *
     * @param pythonType the Python class name, e.g. {@code "ValueError"}; not empty
     * @param message    the Python message ({@code str(exc)}); {@code null} is taken as empty
     */
    public PyException(String pythonType, String message) {
        super(message == null ? "" : message);
        if (pythonType == null || pythonType.isEmpty()) {
            throw new IllegalArgumentException("pythonType must be a Python class name");
        }
        this.pythonType = pythonType;
        this.pythonMessage = message == null ? "" : message;
    }

    /** Returns the Python exception class name, e.g. {@code "ValueError"}. */
    public String pythonType() {
        return pythonType;
    }

    /** Returns the Python message, i.e. {@code str(exc)} in Python. */
    public String pythonMessage() {
        return pythonMessage;
    }

    /** Returns the Python message (same as {@link #pythonMessage()}). */
    @Override
    public String getMessage() {
        return pythonMessage;
    }

    /**
     * Returns the last line of the Python traceback: {@code "Type: message"}, or
     * {@code "Type"} alone when the message is empty.
     */
    @Override
    public String toString() {
        return pythonMessage.isEmpty() ? pythonType : pythonType + ": " + pythonMessage;
    }
}
