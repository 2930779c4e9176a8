package dev.regrade.rubric.io;

import dev.regrade.api.BadInputException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Reading a whole input file that has a size limit: a larger file is refused before it is read (a
 * mistake, not an input: exit 2 naming the file), and a file that cannot be read says why in
 * {@link IoProblems}' words.
 */
public final class BoundedFiles {
    private BoundedFiles() {
    }

    /**
     * The file's bytes.
     *
     * @param maxBytes the largest size accepted
     * @param what     the file as the message calls it ("the answer", "the file")
     * @param limit    the rest of the refusal after "{what} is N bytes; ", e.g. "an answer may hold at most …"
     */
    public static byte[] read(Path path, long maxBytes, String what, String limit) {
        String file = path.toString();
        try {
            long size = Files.size(path);
            if (size > maxBytes) {
                throw BadInputException.inFile(file, what + " is " + size + " bytes; " + limit);
            }
            return Files.readAllBytes(path);
        } catch (IOException e) {
            throw BadInputException.inFile(file, "cannot read " + what + ": " + IoProblems.describe(e));
        }
    }
}
