package dev.regrade.pycompat;

/**
 * Python's {@code KeyError}: raised by ported code where the Python original raises
 * {@code KeyError} (a missing dictionary key).
 *
 * <p>Note that Python shows a missing key by its repr: {@code d["x"]} on a dict
 * without {@code "x"} prints {@code KeyError: 'x'}. The message of this class is the
 * text after {@code "KeyError: "}; use {@link #forKey(Object)} to build it from the key.
 */
public class PyKeyError extends PyException {

    private static final long serialVersionUID = 1L;

    /**
     * Creates a {@code KeyError}.
     *
     * @param message the Python message, i.e. {@code str(exc)} in Python (for a missing
     *                key that is the key's repr, e.g. {@code 'x'} with quotes)
     */
    public PyKeyError(String message) {
        super("KeyError", message);
    }

    /**
     * Creates the {@code KeyError} Python raises for a missing key: the message is
     * {@code repr(key)} (see {@link PyRepr#repr(Object)}).
     *
     * @param key the missing key
     * @return the exception (not thrown)
     */
    public static PyKeyError forKey(Object key) {
        return new PyKeyError(PyRepr.repr(key));
    }
}
