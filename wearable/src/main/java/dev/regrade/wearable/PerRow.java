package dev.regrade.wearable;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.regrade.pycompat.PyJson;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.channels.FileChannel;
import java.util.Iterator;
import java.util.Map;

/**
 * Where the {@code per_row} entries go as they are scored: into memory ({@link #memory()}), or
 * spooled to a temporary file in Python's indent-2 layout so that a results file of any size is
 * written without holding its rows ({@link #spool(Path)}).
 */
abstract class PerRow implements AutoCloseable {
    /** {@code json.dump(results, f, indent=2)}, as {@code write_results} writes. */
    static final PyJson.Format INDENT_2 = PyJson.DUMPS.indent(2);

    abstract void add(ObjectNode row);

    /** Adds an entry: its node in memory, its text when spooled. */
    abstract void add(Entry entry);

    /**
     * A per_row entry that can write its own text, without its node being built: a scorer's row at 100×
     * the val size is written a million times, and the general writer walks each node key by key.
     */
    interface Entry {
        /** The entry as the original's dict. */
        ObjectNode node();

        /** Appends exactly {@code PyJson.dump(node(), INDENT_2, 2, out)}. */
        void writeTo(Utf8Sink out) throws IOException;
    }

    /** The newline and indent that start an item at {@code level} of an indent-2 document. */
    static String indent(int level) {
        return "\n" + " ".repeat(2 * level);
    }

    static Memory memory() {
        return new Memory();
    }

    static Spool spool(Path dir) {
        return new Spool(dir);
    }

    static final class Memory extends PerRow {
        final ArrayNode rows = JsonNodeFactory.instance.arrayNode();

        @Override
        void add(ObjectNode row) {
            rows.add(row);
        }

        @Override
        void add(Entry entry) {
            rows.add(entry.node());
        }

        @Override
        public void close() {
        }
    }

    /** per_row items at level 2 of an indent-2 document, written to a temp file. */
    static final class Spool extends PerRow {
        private final Path file;
        private final Utf8Sink out;
        private long count;

        Spool(Path dir) {
            try {
                Files.createDirectories(dir);
                file = Files.createTempFile(dir, ".per_row", ".tmp");
                out = new Utf8Sink(Files.newOutputStream(file));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        @Override
        void add(ObjectNode row) {
            try {
                separator();
                PyJson.dump(row, INDENT_2, 2, out);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        @Override
        void add(Entry entry) {
            try {
                separator();
                entry.writeTo(out);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        private void separator() throws IOException {
            out.appendAscii(count++ == 0 ? FIRST : NEXT);
        }

        private static final String FIRST = indent(2);
        private static final String NEXT = "," + indent(2);

        /**
         * Writes {@code output} (the head keys, then per_row) and {@code <base>_summary<ext>} (the head
         * keys) exactly as {@code write_results} does; returns the summary path.
         */
        Path writeResults(Path output, ObjectNode head) {
            try {
                out.close();
                Path parent = output.toAbsolutePath().getParent();
                if (parent != null) {
                    Files.createDirectories(parent);
                }
                Path tmp = Files.createTempFile(parent, ".results", ".tmp");
                try (Writer w = new BufferedWriter(Files.newBufferedWriter(tmp, StandardCharsets.UTF_8), 1 << 16)) {
                    w.write('{');
                    for (Iterator<Map.Entry<String, JsonNode>> it = head.fields(); it.hasNext(); ) {
                        Map.Entry<String, JsonNode> e = it.next();
                        w.write("\n  ");
                        PyJson.dumpString(e.getKey(), true, w);
                        w.write(": ");
                        PyJson.dump(e.getValue(), INDENT_2, 1, w);
                        w.write(',');
                    }
                    w.write("\n  \"per_row\": ");
                    w.write(count == 0 ? "[]" : "[");
                }
                if (count > 0) {
                    // The spooled rows are ASCII (ensure_ascii), so their bytes are copied as they are.
                    try (FileChannel to = FileChannel.open(tmp, StandardOpenOption.WRITE, StandardOpenOption.APPEND);
                         FileChannel from = FileChannel.open(file, StandardOpenOption.READ)) {
                        long size = from.size();
                        for (long done = 0; done < size; ) {
                            done += from.transferTo(done, size - done, to);
                        }
                    }
                }
                Files.write(tmp, (count == 0 ? "\n}" : "\n  ]\n}").getBytes(StandardCharsets.US_ASCII),
                        StandardOpenOption.APPEND);
                Files.move(tmp, output, StandardCopyOption.REPLACE_EXISTING);
                Path summary = summaryPath(output);
                Files.writeString(summary, PyJson.dumps(head, INDENT_2), StandardCharsets.UTF_8);
                return summary;
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        @Override
        public void close() {
            try {
                out.close();
                Files.deleteIfExists(file);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    /** {@code base, ext = os.path.splitext(path); f"{base}_summary{ext or '.json'}"}. */
    static Path summaryPath(Path output) {
        String name = output.getFileName().toString();
        int dot = name.lastIndexOf('.');
        int lead = 0;
        while (lead < name.length() && name.charAt(lead) == '.') {
            lead++;
        }
        String base = name;
        String ext = "";
        if (dot >= lead && dot > 0) {
            base = name.substring(0, dot);
            ext = name.substring(dot);
        }
        return output.resolveSibling(base + "_summary" + (ext.isEmpty() ? ".json" : ext));
    }
}
