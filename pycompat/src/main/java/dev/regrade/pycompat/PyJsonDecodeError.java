package dev.regrade.pycompat;

/**
 * Python's {@code json.JSONDecodeError} (a {@code ValueError}): what {@link PyJson#loads} raises for a
 * text that is not one JSON document.
 */
public class PyJsonDecodeError extends PyValueError {

    private static final long serialVersionUID = 1L;

    /**
     * Creates a {@code JSONDecodeError}.
     *
     * @param message Python's message where it is reproduced (an empty document), otherwise the
     *                parser's description of the error and its location
     */
    public PyJsonDecodeError(String message) {
        super("JSONDecodeError", message);
    }
}
