package dev.regrade.wearable.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** {@link Utf8Sink} writes the bytes of {@code String.getBytes(UTF_8)} of all it was given (a lone surrogate: '?'). */
class Utf8SinkTest {
    /** Pieces to append; lone surrogates come between other chars so that no two pieces make a pair. */
    private static final String[] PIECES = {"a", "json", "\"key\": ", "\u007f", "\u0080", "\u00e9", "\u07ff", "\u0800",
        "\u20ac", "\uffff", "\ufffd", "\ud83d\ude00", "\udbff\udfff", "\ud800\udc00", "x\ud800x", "y\udc00y", "z\udbffz",
        "\u0000", "\n", "\u03a3\u0130"};

    @Test
    void bytesEqualGetBytesOfWhatWasAppended() throws IOException {
        SplittableRandom r = new SplittableRandom(8);
        for (int round = 0; round < 300; round++) {
            StringBuilder all = new StringBuilder();
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            try (Utf8Sink sink = new Utf8Sink(bytes)) {
                int appends = r.nextInt(1, round % 10 == 0 ? 3_000 : 60);
                for (int i = 0; i < appends; i++) {
                    String s = piece(r);
                    switch (r.nextInt(5)) {
                        case 0 -> sink.append(s);
                        case 1 -> sink.append(new StringBuilder(s)); // not a String
                        case 2 -> {
                            // A slice with no surrogate at its edges.
                            int from = cut(s, r.nextInt(s.length() + 1));
                            int to = cut(s, r.nextInt(from, s.length() + 1));
                            sink.append(r.nextBoolean() ? s : new StringBuilder(s), from, to);
                            s = s.substring(from, to);
                        }
                        default -> {
                            // Char by char, a pair (or a lone surrogate) in one call.
                            for (int k = 0; k < s.length(); ) {
                                int len = Character.charCount(s.codePointAt(k));
                                if (len == 1 && !Character.isSurrogate(s.charAt(k))) {
                                    sink.append(s.charAt(k));
                                } else {
                                    sink.append(s, k, k + len);
                                }
                                k += len;
                            }
                        }
                    }
                    all.append(s);
                }
            }
            assertArrayEquals(all.toString().getBytes(StandardCharsets.UTF_8), bytes.toByteArray(), "round " + round);
        }
    }

    @Test
    void runsLongerThanTheBuffer() throws IOException {
        for (String unit : new String[] {"a", "\u00e9", "\u20ac", "\ud83d\ude00", "ab\u00e9", "\ud800"}) {
            for (int n : new int[] {65_535, 65_536, 65_537, 200_001}) {
                String s = "x".repeat(n % 7) + unit.repeat(n / unit.length());
                ByteArrayOutputStream bytes = new ByteArrayOutputStream();
                try (Utf8Sink sink = new Utf8Sink(bytes)) {
                    sink.append(s);
                    sink.append(s, 1, s.length() - 1);
                }
                String all = s + s.substring(1, s.length() - 1);
                // substring(1, len - 1) may cut a pair: compare with what getBytes makes of those exact chars.
                assertArrayEquals(all.getBytes(StandardCharsets.UTF_8), bytes.toByteArray(), unit + " " + n);
            }
        }
    }

    @Test
    void aPairSplitAcrossAppendsIsOneCodePoint() throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (Utf8Sink sink = new Utf8Sink(bytes)) {
            sink.append("a\ud83d").append("\ude00b");
            sink.append('\ud83d').append('\ude00');
        }
        assertArrayEquals("a\ud83d\ude00b\ud83d\ude00".getBytes(StandardCharsets.UTF_8), bytes.toByteArray());
    }

    private static String piece(SplittableRandom r) {
        int k = r.nextInt(10);
        if (k == 0) {
            return "q".repeat(r.nextInt(1, 70_000)); // past the 64 KB buffer
        }
        StringBuilder sb = new StringBuilder();
        int n = r.nextInt(1, 8);
        for (int i = 0; i < n; i++) {
            sb.append(PIECES[r.nextInt(PIECES.length)]);
        }
        return sb.toString();
    }

    /** The first place from {@code i} on with no surrogate either side (a slice edge that leaves no half to pair). */
    private static int cut(String s, int i) {
        while (i > 0 && i < s.length() && (Character.isSurrogate(s.charAt(i - 1)) || Character.isSurrogate(s.charAt(i)))) {
            i++;
        }
        return i;
    }

    /**
     * ASCII runs handed over as bytes ({@link Utf8Sink#appendAscii}) among other appends, across the
     * buffer's edge and after a pending high surrogate: the bytes are still getBytes(UTF_8) of it all.
     */
    @Test
    void asciiRunsAmongOtherAppends() throws IOException {
        SplittableRandom r = new SplittableRandom(11);
        for (int round = 0; round < 200; round++) {
            StringBuilder all = new StringBuilder();
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            try (Utf8Sink sink = new Utf8Sink(bytes)) {
                for (int i = 0, n = r.nextInt(1, round % 20 == 0 ? 2_000 : 40); i < n; i++) {
                    if (r.nextBoolean()) {
                        String ascii = "k".repeat(r.nextInt(0, round % 7 == 0 ? 70_000 : 30)) + "\"\t{}";
                        int from = r.nextInt(ascii.length() + 1);
                        int to = r.nextInt(from, ascii.length() + 1);
                        sink.appendAscii(ascii, from, to);
                        all.append(ascii, from, to);
                    } else {
                        String s = piece(r);
                        sink.append(s);
                        all.append(s);
                    }
                }
                if (r.nextInt(4) == 0) {
                    sink.append('\ud83d'); // a high surrogate, then a run: the pair is broken, '?' and the run
                    sink.appendAscii("tail", 0, 4);
                    all.append('\ud83d').append("tail");
                }
            }
            assertArrayEquals(all.toString().getBytes(StandardCharsets.UTF_8), bytes.toByteArray(), "round " + round);
        }
    }
}
