package dev.regrade.pycompat;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * Python's {@code OSError} family as {@code open(path)} and the other file functions raise it: a
 * missing file is {@code FileNotFoundError: [Errno 2] No such file or directory: 'path'}, a refused one
 * {@code PermissionError: [Errno 13] Permission denied: 'path'}.
 */
public class PyOSError extends PyException {

    private static final long serialVersionUID = 1L;

    private PyOSError(String pythonType, String message) {
        super(pythonType, message);
    }

    /**
     * The error Python raises where Java's file call on {@code path} threw {@code e}; another I/O failure
     * than the two Python names is an {@code OSError} with Java's description.
     */
    public static PyOSError of(Path path, IOException e) {
        String p = PyRepr.repr(path.toString());
        if (e instanceof NoSuchFileException) {
            return new PyOSError("FileNotFoundError", "[Errno 2] No such file or directory: " + p);
        }
        if (e instanceof AccessDeniedException) {
            return new PyOSError("PermissionError", "[Errno 13] Permission denied: " + p);
        }
        return new PyOSError("OSError", e.getClass().getSimpleName() + ": " + p + ": " + e.getMessage());
    }
}
