package dev.regrade.pycompat;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * The file-system calls of Python's {@code os}/{@code open} that a port writes through, with the
 * errors CPython raises on Linux ({@code [Errno N] strerror: 'path'}, the path as the caller spelled it).
 */
public final class PyOs {
    private PyOs() {
    }

    /**
     * {@code os.makedirs(name, exist_ok=True)} (CPython 3.11's {@code os.py}, step by step): creates the
     * missing directories, parents first.
     *
     * @throws PyException FileExistsError (a file where a directory should be), NotADirectoryError (a
     *                     file above it), PermissionError, ...
     */
    public static void makedirs(String name) {
        String[] ht = split(name);
        if (ht[1].isEmpty()) {
            ht = split(ht[0]);
        }
        String head = ht[0];
        String tail = ht[1];
        if (!head.isEmpty() && !tail.isEmpty() && !Files.exists(Path.of(head))) {
            try {
                makedirs(head);
            } catch (PyException e) {
                if (!e.pythonType().equals("FileExistsError")) {
                    throw e;
                }
            }
            if (tail.equals(".")) {
                return;
            }
        }
        try {
            Files.createDirectory(Path.of(name));
        } catch (IOException e) {
            if (!Files.isDirectory(Path.of(name))) {
                throw error(name, e);
            }
        }
    }

    /**
     * What {@code open(name, "w")} raises before it writes anything, or nothing when it would open:
     * IsADirectoryError for a directory, the errors of a missing or unwritable parent otherwise.
     */
    public static void checkOpenForWrite(String name) {
        Path p = Path.of(name);
        if (Files.isDirectory(p)) {
            throw new PyException("IsADirectoryError", "[Errno 21] Is a directory: " + PyRepr.repr(name));
        }
        Path parent = p.toAbsolutePath().getParent();
        if (parent != null && !Files.isDirectory(parent)) {
            throw new PyException(Files.exists(parent) ? "NotADirectoryError" : "FileNotFoundError",
                    Files.exists(parent) ? "[Errno 20] Not a directory: " + PyRepr.repr(name)
                            : "[Errno 2] No such file or directory: " + PyRepr.repr(name));
        }
        if (Files.exists(p) ? !Files.isWritable(p) : parent != null && !Files.isWritable(parent)) {
            throw new PyException("PermissionError", "[Errno 13] Permission denied: " + PyRepr.repr(name));
        }
    }

    /** posixpath.split. */
    static String[] split(String p) {
        int i = p.lastIndexOf('/') + 1;
        String head = p.substring(0, i);
        String tail = p.substring(i);
        if (!head.isEmpty() && !head.chars().allMatch(c -> c == '/')) {
            int end = head.length();
            while (end > 0 && head.charAt(end - 1) == '/') {
                end--;
            }
            head = head.substring(0, end);
        }
        return new String[] {head, tail};
    }

    /** posixpath.dirname. */
    public static String dirname(String p) {
        int i = p.lastIndexOf('/') + 1;
        String head = p.substring(0, i);
        if (!head.isEmpty() && !head.chars().allMatch(c -> c == '/')) {
            int end = head.length();
            while (end > 0 && head.charAt(end - 1) == '/') {
                end--;
            }
            head = head.substring(0, end);
        }
        return head;
    }

    private static PyException error(String name, IOException e) {
        String p = PyRepr.repr(name);
        if (e instanceof FileAlreadyExistsException) {
            return new PyException("FileExistsError", "[Errno 17] File exists: " + p);
        }
        if (e instanceof NoSuchFileException) {
            return new PyException("FileNotFoundError", "[Errno 2] No such file or directory: " + p);
        }
        if (e instanceof AccessDeniedException) {
            return new PyException("PermissionError", "[Errno 13] Permission denied: " + p);
        }
        if (e instanceof FileSystemException f && f.getReason() != null && f.getReason().contains("Not a directory")) {
            return new PyException("NotADirectoryError", "[Errno 20] Not a directory: " + p);
        }
        return new PyException("OSError", e.getMessage());
    }
}
