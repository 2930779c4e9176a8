package dev.regrade.rubric.io;

import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;

/**
 * Why a file operation failed, as a user puts it: the one home of these words for Regrade's own
 * messages (a Python original's OSError texts are {@code pycompat.PyOSError}'s). Never a Java
 * class name: Java's file exceptions carry the reason in their type and only the path in their message.
 */
public final class IoProblems {
    private IoProblems() {
    }

    /** E.g. {@code no such file}, {@code permission denied}, {@code not UTF-8 text}. */
    public static String describe(IOException e) {
        if (e instanceof NoSuchFileException) {
            return "no such file";
        }
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof NotDirectoryException) {
            return "not a directory";
        }
        if (e instanceof DirectoryNotEmptyException) {
            return "the directory is not empty";
        }
        if (e instanceof FileAlreadyExistsException) {
            return "the file already exists";
        }
        if (e instanceof CharacterCodingException) {
            return "not UTF-8 text";
        }
        if (e instanceof FileSystemException fs) {
            return fs.getReason() != null ? fs.getReason() : "the file system refused";
        }
        String m = e.getMessage();
        return m == null || m.isBlank() ? "input/output error" : m;
    }
}
