package dev.regrade.pycompat;

/**
 * Python's {@code ZeroDivisionError}: raised by ported code where the Python original raises {@code ZeroDivisionError} (for example {@code division by zero}).
 */
public class PyZeroDivisionError extends PyException {

    private static final long serialVersionUID = 1L;

    /**
     * Creates a {@code ZeroDivisionError}.
     *
     * @param message the Python message, i.e. {@code str(exc)} in Python
     */
    public PyZeroDivisionError(String message) {
        super("ZeroDivisionError", message);
    }
}
