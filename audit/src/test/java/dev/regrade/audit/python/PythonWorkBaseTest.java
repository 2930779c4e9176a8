package dev.regrade.audit.python;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Where the Python runs' folders go: a writable RAM folder when there is one, else the default temporary folder. */
class PythonWorkBaseTest {
    @TempDir
    Path tmp;

    @Test
    void aWritableFolderWithRoomIsUsed() {
        // the temporary folder of the build stands in for /dev/shm: a writable folder with far more than 256 MB free
        assertEquals(tmp, PythonRunner.workBase(tmp));
    }

    @Test
    void aMissingFolderOrAFileMeansTheDefaultTemporaryFolder() throws IOException {
        assertNull(PythonRunner.workBase(tmp.resolve("no-such-folder")));
        Path file = Files.writeString(tmp.resolve("a-file"), "x");
        assertNull(PythonRunner.workBase(file));
    }
}
