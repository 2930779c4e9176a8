package dev.regrade.pycompat;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The OSError of a failed file call, as python3.11 prints it ({@code open(p)} on a missing or refused file). */
class PyOSErrorTest {

    @Test
    void missingAndRefusedFilesAreWhatOpenRaises() {
        // python3: open("/no/such.jsonl") -> FileNotFoundError: [Errno 2] No such file or directory: '/no/such.jsonl'
        assertEquals("FileNotFoundError: [Errno 2] No such file or directory: '/no/such.jsonl'",
                PyOSError.of(Path.of("/no/such.jsonl"), new NoSuchFileException("/no/such.jsonl")).toString());
        // python3: open("it's.json") (mode 000) -> PermissionError: [Errno 13] Permission denied: "it's.json"
        assertEquals("PermissionError: [Errno 13] Permission denied: \"it's.json\"",
                PyOSError.of(Path.of("it's.json"), new AccessDeniedException("it's.json")).toString());
        assertEquals("OSError", PyOSError.of(Path.of("x"), new IOException("disk")).pythonType());
    }
}
