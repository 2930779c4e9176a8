package dev.regrade.pycompat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * What {@code [json.loads(line) for line in open(path, "r") if line.strip()]} raises, exactly, under a
 * UTF-8 locale: {@code open}'s {@code FileNotFoundError}/{@code IsADirectoryError}/{@code PermissionError},
 * the text layer's {@code UnicodeDecodeError} (its position counted, as CPython's, within the 8,192-byte
 * chunk being decoded plus the incomplete sequence carried over from the chunk before), and
 * {@code json.loads}'s errors on the first bad line (the line with its {@code \n}, universal newlines).
 * Errors come in Python's order: a chunk is decoded when a line needs it, so a bad line before a chunk
 * that does not decode is reported first. Slow and exact: for the error path only.
 */
public final class PyJsonl {
    /** TextIOWrapper's _CHUNK_SIZE: each decode is one read1(8192) of the file. */
    static final int CHUNK = 8192;

    private PyJsonl() {
    }

    /** The exception {@code load_jsonl(path)} raises, or null when it reads the file. */
    public static PyException loadError(Path path) {
        String p = PyRepr.repr(path.toString());
        if (Files.isDirectory(path)) {
            return new PyException("IsADirectoryError", "[Errno 21] Is a directory: " + p);
        }
        try (InputStream in = Files.newInputStream(path)) {
            byte[] data = new byte[CHUNK + 4];
            int carried = 0;
            StringBuilder pending = new StringBuilder();
            boolean pendingCr = false;
            while (true) {
                int n = in.readNBytes(data, carried, CHUNK);
                boolean eof = n == 0; // TextIOWrapper: final only on an empty read, with just the carried bytes
                n = Math.max(n, 0);
                int[] consumed = new int[1];
                String text = decode(data, carried + n, eof, consumed);
                int left = carried + n - consumed[0];
                System.arraycopy(data, consumed[0], data, 0, left);
                carried = left;
                // IncrementalNewlineDecoder(translate=True): \r\n and \r become \n; a final \r waits for the next chunk.
                if (pendingCr) {
                    text = "\r" + text;
                    pendingCr = false;
                }
                if (!eof && text.endsWith("\r")) {
                    text = text.substring(0, text.length() - 1);
                    pendingCr = true;
                }
                pending.append(text.replace("\r\n", "\n").replace('\r', '\n'));
                int start = 0;
                for (int nl = pending.indexOf("\n"); nl >= 0; nl = pending.indexOf("\n", start)) {
                    PyException e = line(pending.substring(start, nl + 1));
                    if (e != null) {
                        return e;
                    }
                    start = nl + 1;
                }
                pending.delete(0, start);
                if (eof) {
                    return pending.length() == 0 ? null : line(pending.toString());
                }
            }
        } catch (PyException e) {
            return e;
        } catch (NoSuchFileException e) {
            return new PyException("FileNotFoundError", "[Errno 2] No such file or directory: " + p);
        } catch (AccessDeniedException e) {
            return new PyException("PermissionError", "[Errno 13] Permission denied: " + p);
        } catch (IOException e) {
            return new PyException("OSError", e.getMessage());
        }
    }

    private static PyException line(String line) {
        if (PyWhitespace.strip(line).isEmpty()) {
            return null;
        }
        try {
            PyJsonDecoder.loads(line, PyJson.MAX_DEPTH);
            return null;
        } catch (PyException e) {
            return e;
        }
    }

    /**
     * codecs.utf_8_decode(data[0, len), "strict", final): the text of the complete sequences, with
     * consumed[0] the bytes used (an incomplete sequence at the end is left when not final).
     */
    static String decode(byte[] data, int len, boolean fin, int[] consumed) {
        StringBuilder out = new StringBuilder(len);
        int i = 0;
        while (i < len) {
            int b = data[i] & 0xff;
            if (b < 0x80) {
                out.append((char) b);
                i++;
                continue;
            }
            int n;
            int lo = 0x80;
            int hi = 0xBF;
            if (b >= 0xC2 && b <= 0xDF) {
                n = 1;
            } else if (b >= 0xE0 && b <= 0xEF) {
                n = 2;
                lo = b == 0xE0 ? 0xA0 : 0x80;
                hi = b == 0xED ? 0x9F : 0xBF;
            } else if (b >= 0xF0 && b <= 0xF4) {
                n = 3;
                lo = b == 0xF0 ? 0x90 : 0x80;
                hi = b == 0xF4 ? 0x8F : 0xBF;
            } else {
                throw error(data, i, i + 1, "invalid start byte");
            }
            int cp = b & (n == 1 ? 0x1F : n == 2 ? 0x0F : 0x07);
            for (int j = 1; j <= n; j++) {
                if (i + j >= len) {
                    if (!fin) {
                        consumed[0] = i;
                        return out.toString();
                    }
                    throw error(data, i, len, "unexpected end of data");
                }
                int c = data[i + j] & 0xff;
                if (c < (j == 1 ? lo : 0x80) || c > (j == 1 ? hi : 0xBF)) {
                    throw error(data, i, i + j, "invalid continuation byte");
                }
                cp = (cp << 6) | (c & 0x3F);
            }
            out.appendCodePoint(cp);
            i += n + 1;
        }
        consumed[0] = len;
        return out.toString();
    }

    private static PyException error(byte[] data, int start, int end, String reason) {
        String what = end - start == 1
                ? String.format("byte 0x%02x in position %d", data[start] & 0xff, start)
                : "bytes in position " + start + "-" + (end - 1);
        return new PyException("UnicodeDecodeError", "'utf-8' codec can't decode " + what + ": " + reason);
    }
}
