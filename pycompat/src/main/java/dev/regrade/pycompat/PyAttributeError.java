package dev.regrade.pycompat;

/**
 * Python's {@code AttributeError}: raised by ported code where the Python original raises {@code AttributeError} (for example an attribute access on {@code None}).
 */
public class PyAttributeError extends PyException {

    private static final long serialVersionUID = 1L;

    /**
     * Creates a {@code AttributeError}.
     *
     * @param message the Python message, i.e. {@code str(exc)} in Python
     */
    public PyAttributeError(String message) {
        super("AttributeError", message);
    }
}
