package dev.regrade.vereval;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.regrade.pycompat.PyException;
import dev.regrade.pycompat.PyOSError;
import dev.regrade.pycompat.PyStr;
import dev.regrade.pycompat.PyValueError;
import dev.regrade.pycompat.PyWhitespace;
import java.io.IOException;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The upstream {@code load_rows}: a JSON array, or JSONL (one object per non-blank line). */
public final class Rows {
    private Rows() {
    }

    /**
     * Reads rows: the text, left-stripped, starting with {@code [} is one JSON array; otherwise every
     * non-blank line is one JSON value. Everything must be an object.
     *
     * @throws PyValueError "Expected a JSON array or JSONL objects", or a JSON error (a corrupt line is fatal)
     * @throws PyException  OSError when the file cannot be read
     */
    public static List<ObjectNode> load(Path path) {
        try {
            return parse(readText(path));
        } catch (PyValueError e) {
            // The same error, naming the file (the upstream message does not say which file failed).
            throw new PyValueError(path + ": " + e.getMessage());
        }
    }

    /** {@link #load} on text already read; a bad JSONL line is named by its number. */
    public static List<ObjectNode> parse(String text) {
        List<JsonNode> values = new ArrayList<>();
        if (PyWhitespace.lstrip(text).startsWith("[")) {
            JsonNode all = VerEvalJson.loads(text);
            if (!all.isArray()) {
                throw new PyValueError("Expected a JSON array or JSONL objects");
            }
            all.forEach(values::add);
        } else {
            List<String> lines = PyStr.splitlines(text);
            for (int i = 0; i < lines.size(); i++) {
                String line = lines.get(i);
                if (!PyWhitespace.strip(line).isEmpty()) {
                    try {
                        values.add(VerEvalJson.loads(line));
                    } catch (PyValueError e) {
                        throw new PyValueError("line " + (i + 1) + ": " + e.getMessage());
                    }
                    if (!values.get(values.size() - 1).isObject()) {
                        throw new PyValueError("line " + (i + 1) + ": Expected a JSON array or JSONL objects");
                    }
                }
            }
        }
        List<ObjectNode> rows = new ArrayList<>();
        for (JsonNode v : values) {
            if (!v.isObject()) {
                throw new PyValueError("Expected a JSON array or JSONL objects");
            }
            rows.add((ObjectNode) v);
        }
        return rows;
    }

    /** {@code Path.read_text(encoding="utf-8")}: strict UTF-8, universal newlines. */
    static String readText(Path path) {
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(path);
        } catch (IOException e) {
            throw PyOSError.of(path, e);
        }
        CharsetDecoder dec = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes);
        // Checked through a small window (a buffer of the file's size would be twice the file), then
        // decoded at once.
        CharBuffer window = CharBuffer.allocate(8192);
        CoderResult cr;
        while ((cr = dec.decode(in, window, true)).isOverflow()) {
            window.clear();
        }
        if (cr.isError()) {
            // Python raises UnicodeDecodeError (a ValueError: exit 2); this message also names the file and place.
            int line = 1;
            for (int i = 0; i < in.position(); i++) {
                if (bytes[i] == '\n') {
                    line++;
                }
            }
            throw new PyException("UnicodeDecodeError", path + ": not UTF-8 text (line " + line + ", byte "
                    + in.position() + ")");
        }
        String text = new String(bytes, StandardCharsets.UTF_8);
        return text.replace("\r\n", "\n").replace('\r', '\n');
    }

}
