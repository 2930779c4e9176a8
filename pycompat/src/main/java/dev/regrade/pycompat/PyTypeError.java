package dev.regrade.pycompat;

/**
 * Python's {@code TypeError}: raised by ported code where the Python original raises {@code TypeError} (an operation applied to a value of the wrong type).
 */
public class PyTypeError extends PyException {

    private static final long serialVersionUID = 1L;

    /**
     * Creates a {@code TypeError}.
     *
     * @param message the Python message, i.e. {@code str(exc)} in Python
     */
    public PyTypeError(String message) {
        super("TypeError", message);
    }
}
