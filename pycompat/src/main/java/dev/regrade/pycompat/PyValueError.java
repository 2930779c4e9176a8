package dev.regrade.pycompat;

/**
 * Python's {@code ValueError}: raised by ported code where the Python original raises {@code ValueError} (for example a failed {@code float(s)}).
 */
public class PyValueError extends PyException {

    private static final long serialVersionUID = 1L;

    /**
     * Creates a {@code ValueError}.
     *
     * @param message the Python message, i.e. {@code str(exc)} in Python
     */
    public PyValueError(String message) {
        super("ValueError", message);
    }

    /**
     * Creates an exception of a Python subclass of {@code ValueError}.
     *
     * @param pythonType the Python class name, e.g. {@code "JSONDecodeError"}
     * @param message    the Python message
     */
    protected PyValueError(String pythonType, String message) {
        super(pythonType, message);
    }
}
