package dev.regrade.rubric.io;

import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.util.List;
import java.util.Map;

/**
 * Why a file operation failed, as a user puts it: the one home of these words for Regrade's own
 * messages (a Python original's OSError texts are {@code pycompat.PyOSError}'s). Never a Java
 * class name: Java's file exceptions carry the reason in their type and only the path in their message.
 */
public final class IoProblems {
    /** The reasons Java tells by type, most specific first. */
    private static final List<Map.Entry<Class<? extends IOException>, String>> BY_TYPE = List.of(
            Map.entry(NoSuchFileException.class, "no such file"),
            Map.entry(AccessDeniedException.class, "permission denied"),
            Map.entry(NotDirectoryException.class, "not a directory"),
            Map.entry(DirectoryNotEmptyException.class, "the directory is not empty"),
            Map.entry(FileAlreadyExistsException.class, "the file already exists"),
            Map.entry(CharacterCodingException.class, "not UTF-8 text"));

    private IoProblems() {
    }

    /** E.g. {@code no such file}, {@code permission denied}, {@code not UTF-8 text}. */
    public static String describe(IOException e) {
        for (Map.Entry<Class<? extends IOException>, String> t : BY_TYPE) {
            if (t.getKey().isInstance(e)) {
                return t.getValue();
            }
        }
        if (e instanceof FileSystemException fs) {
            return fs.getReason() != null ? fs.getReason() : "the file system refused";
        }
        String m = e.getMessage();
        return m == null || m.isBlank() ? "input/output error" : m;
    }
}
