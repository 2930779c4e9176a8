package dev.regrade.wearable.io;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.regrade.pycompat.PyJson;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.channels.FileChannel;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * Where the {@code per_row} entries go as they are scored: into memory as nodes ({@link #memory()}), or
 * spooled as their text in Python's indent-2 layout (off the heap, then a temporary file past a bound) so
 * that a results file of any size is written without holding its rows as nodes ({@link #spool(Path)}).
 */
public abstract class PerRow implements AutoCloseable {
    /** {@code json.dump(results, f, indent=2)}, as {@code write_results} writes. */
    public static final PyJson.Format INDENT_2 = PyJson.DUMPS.indent(2);

    public abstract void add(ObjectNode row);

    /** Adds an entry: its node in memory, its text when spooled. */
    public abstract void add(Entry entry);

    /**
     * A per_row entry that can write its own text, without its node being built: a scorer's row at 100×
     * the val size is written a million times, and the general writer walks each node key by key.
     */
    public interface Entry {
        /** The entry as the original's dict. */
        ObjectNode node();

        /** Appends exactly {@code PyJson.dump(node(), INDENT_2, 2, out)}. */
        void writeTo(Utf8Sink out) throws IOException;
    }

    /** What starts a field of an entry at level 2 and its key: "{" for the first, "," for the others. */
    public static String key(String name, boolean first) {
        StringBuilder sb = new StringBuilder(first ? "{" : ",").append(indent(3));
        PyJson.dumpString(name, true, sb);
        return sb.append(": ").toString();
    }

    private static final String INDEX = key("index", true);
    private static final String VIDEO_PATH = key("video_path", false);

    /** An entry's node begun with the two fields every scorer's entry starts with, {@code index} and {@code video_path}. */
    public static ObjectNode startNode(int index, JsonNode videoPath) {
        ObjectNode row = JsonNodeFactory.instance.objectNode();
        row.put("index", index);
        row.set("video_path", videoPath);
        return row;
    }

    /** Appends the text of those two fields, as {@link Entry#writeTo} starts. */
    public static void writeStart(Utf8Sink out, int index, JsonNode videoPath) throws IOException {
        out.appendAscii(INDEX);
        out.appendInt(index);
        out.appendAscii(VIDEO_PATH);
        PyJson.dump(videoPath, INDENT_2, 3, out);
    }

    /** The newline and indent that start an item at {@code level} of an indent-2 document. */
    public static String indent(int level) {
        return "\n".concat(" ".repeat(2 * level));
    }

    /** Entries kept as nodes, for a results dict in memory. */
    public static Memory memory() {
        return new Memory();
    }

    /** Entries spooled as text; the results file is made in {@code dir} until it is moved to its place. */
    public static Spool spool(Path dir) {
        return new Spool(dir, Blocks.IN_MEMORY);
    }

    public static final class Memory extends PerRow {
        final ArrayNode rows = JsonNodeFactory.instance.arrayNode();

        private Memory() {
        }

        /** The entries added, in order (the per_row list itself, not a copy). */
        public ArrayNode rows() {
            return rows;
        }

        @Override
        public void add(ObjectNode row) {
            rows.add(row);
        }

        @Override
        public void add(Entry entry) {
            rows.add(entry.node());
        }

        @Override
        public void close() {
        }
    }

    /**
     * per_row items at level 2 of an indent-2 document, held until the head is known: in memory outside
     * the heap up to {@link Blocks#IN_MEMORY} bytes by default (the collector never copies them), past that in a temp
     * file. The results file is made (as a temp file beside it) when the spool is, so an output directory
     * that cannot be written is reported before any scoring.
     */
    public static final class Spool extends PerRow {
        /** The results file while it is written (beside the output when the output is in the spool's directory). */
        private Path results;
        private final Blocks blocks;
        private final Utf8Sink out;
        private long count;

        /** @param inMemory how many bytes of rows are held in memory before the rest goes to a temp file */
        Spool(Path dir, long inMemory) {
            // No directory is made before the original's os.makedirs in write_results: a run that fails first
            // leaves none behind, and a parent that cannot be made fails there, after scoring, as the original.
            Path at = dir;
            try {
                results = newTemp(at, ".results");
            } catch (IOException e) {
                at = Path.of(System.getProperty("java.io.tmpdir"));
                try {
                    results = newTemp(at, ".results");
                } catch (IOException again) {
                    throw new UncheckedIOException(again);
                }
            }
            blocks = new Blocks(at, inMemory);
            out = new Utf8Sink(blocks);
        }

        @Override
        public void add(ObjectNode row) {
            try {
                separator();
                PyJson.dump(row, INDENT_2, 2, out);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        @Override
        public void add(Entry entry) {
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
        public Path writeResults(Path output, ObjectNode head) {
            // write_results: os.makedirs(os.path.dirname(output) or ".", exist_ok=True), then open(output, "w"),
            // with their errors (a file in the way, an existing directory as the output: nothing written).
            String name = output.toString();
            String parentName = dev.regrade.pycompat.PyOs.dirname(name);
            dev.regrade.pycompat.PyOs.makedirs(parentName.isEmpty() ? "." : parentName);
            dev.regrade.pycompat.PyOs.checkOpenForWrite(name);
            try {
                out.close();
                StringBuilder text = new StringBuilder("{");
                for (Iterator<Map.Entry<String, JsonNode>> it = head.fields(); it.hasNext(); ) {
                    Map.Entry<String, JsonNode> e = it.next();
                    text.append("\n  ");
                    PyJson.dumpString(e.getKey(), true, text);
                    text.append(": ");
                    PyJson.dump(e.getValue(), INDENT_2, 1, text);
                    text.append(',');
                }
                text.append("\n  \"per_row\": ").append(count == 0 ? "[]" : "[");
                Path parent = output.toAbsolutePath().getParent();
                if (parent != null && !parent.equals(results.toAbsolutePath().getParent())) {
                    Files.createDirectories(parent); // the move below is then within one directory
                    Path made = results;
                    results = newTemp(parent, ".results");
                    Files.deleteIfExists(made);
                }
                try (FileChannel to = FileChannel.open(results, StandardOpenOption.WRITE)) {
                    writeFully(to, ByteBuffer.wrap(text.toString().getBytes(StandardCharsets.UTF_8)));
                    blocks.copyTo(to); // the rows are ASCII (ensure_ascii): their bytes go as they are
                    writeFully(to, ByteBuffer.wrap((count == 0 ? "\n}" : "\n  ]\n}").getBytes(StandardCharsets.US_ASCII)));
                }
                Files.move(results, output, StandardCopyOption.REPLACE_EXISTING);
                Path summary = summaryPath(output);
                dev.regrade.pycompat.PyOs.checkOpenForWrite(summary.toString()); // the results file stays, as there
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
                blocks.discard();
                Files.deleteIfExists(results); // still there when the run failed before writeResults
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    /** The bytes written, in blocks outside the heap up to a bound, the rest in a temp file. */
    private static final class Blocks extends OutputStream {
        /**
         * 96 MB: the rows of a 100× proactive run (88 MB) stay in memory, where they save the copy through a
         * temp file (about 0.1 s); ConvQA's 200 MB at 100× spill, and its process stays near 350 MB.
         */
        static final long IN_MEMORY = 96L << 20;
        private static final int FIRST_BLOCK = 1 << 16;
        private static final int MAX_BLOCK = 4 << 20;
        private final Path dir;
        private final List<ByteBuffer> blocks = new ArrayList<>();
        private long held;
        private Path spill;
        private OutputStream spillOut;

        private final long inMemory;

        Blocks(Path dir, long inMemory) {
            this.dir = dir;
            this.inMemory = inMemory;
        }

        @Override
        public void write(int b) throws IOException {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            while (len > 0 && spillOut == null) {
                ByteBuffer last = blocks.isEmpty() ? null : blocks.get(blocks.size() - 1);
                if (last == null || !last.hasRemaining()) {
                    int size = last == null ? FIRST_BLOCK : Math.min(MAX_BLOCK, last.capacity() * 2);
                    if (held + size > inMemory) {
                        spill = newTemp(dir, ".per_row");
                        spillOut = Files.newOutputStream(spill);
                        break;
                    }
                    last = ByteBuffer.allocateDirect(size);
                    blocks.add(last);
                    held += size;
                }
                int n = Math.min(len, last.remaining());
                last.put(b, off, n);
                off += n;
                len -= n;
            }
            if (len > 0) {
                spillOut.write(b, off, len);
            }
        }

        @Override
        public void close() throws IOException {
            if (spillOut != null) {
                spillOut.close();
            }
        }

        /** Appends everything written to {@code to}. */
        void copyTo(FileChannel to) throws IOException {
            for (ByteBuffer b : blocks) {
                b.flip();
                writeFully(to, b);
            }
            if (spill != null) {
                try (FileChannel from = FileChannel.open(spill, StandardOpenOption.READ)) {
                    long size = from.size();
                    for (long done = 0; done < size; ) {
                        done += from.transferTo(done, size - done, to);
                    }
                }
            }
        }

        void discard() throws IOException {
            blocks.clear();
            if (spill != null) {
                Files.deleteIfExists(spill);
            }
        }
    }

    private static void writeFully(FileChannel to, ByteBuffer b) throws IOException {
        while (b.hasRemaining()) {
            to.write(b);
        }
    }

    /**
     * A new empty file in {@code dir} named {@code <prefix>.<pid>.<n>.tmp}, with the permissions a file the
     * original opens gets (Files.createTempFile would make it owner-only and seed a SecureRandom for the name).
     */
    private static Path newTemp(Path dir, String prefix) throws IOException {
        long pid = ProcessHandle.current().pid();
        for (int n = 0; ; n++) {
            try {
                // String.join, not +: a concatenation's first run spins method handles (8 classes here).
                String name = String.join(".", prefix, Long.toString(pid), Long.toString(TEMP_NAMES.getAndIncrement()), "tmp");
                return Files.createFile(dir.resolve(name));
            } catch (FileAlreadyExistsException e) {
                if (n == 1000) {
                    throw e;
                }
            }
        }
    }

    private static final java.util.concurrent.atomic.AtomicLong TEMP_NAMES = new java.util.concurrent.atomic.AtomicLong();

    /** {@code base, ext = os.path.splitext(path); f"{base}_summary{ext or '.json'}"}. */
    public static Path summaryPath(Path output) {
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
