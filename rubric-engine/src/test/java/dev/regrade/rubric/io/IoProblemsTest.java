package dev.regrade.rubric.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class IoProblemsTest {
    @TempDir
    Path dir;

    @Test
    void namesTheReasonNotTheJavaClass() throws IOException {
        assertEquals("no such file", IoProblems.describe(assertThrows(IOException.class,
                () -> Files.readString(dir.resolve("missing.json")))));
        Path file = dir.resolve("a.txt");
        Files.writeString(file, "x");
        assertEquals("not a directory", IoProblems.describe(assertThrows(IOException.class,
                () -> Files.newDirectoryStream(file).close())));
        assertEquals("the file already exists", IoProblems.describe(assertThrows(IOException.class,
                () -> Files.writeString(file, "y", StandardOpenOption.CREATE_NEW))));
        Files.write(file, new byte[] {(byte) 0xff, (byte) 0xfe});
        assertEquals("not UTF-8 text", IoProblems.describe(assertThrows(IOException.class,
                () -> Files.readString(file, StandardCharsets.UTF_8))));
        assertEquals("the directory is not empty", IoProblems.describe(assertThrows(IOException.class,
                () -> Files.delete(dir))));
    }

    @Test
    void anIoErrorWithoutAMessageStillReadsAsWords() {
        assertEquals("input/output error", IoProblems.describe(new IOException()));
        assertEquals("disk full", IoProblems.describe(new IOException("disk full")));
    }
}
