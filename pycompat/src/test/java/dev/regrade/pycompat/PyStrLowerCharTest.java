package dev.regrade.pycompat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link PyStr#lowerChar} against {@link PyStr#lower} of the one char, and the one-char table path of
 * lower() and upper() against mapping each code point alone (both context-free but for capital sigma in
 * lower()). PyStrTest checks lower() and upper() themselves against python3.
 */
class PyStrLowerCharTest {
    @Test
    void lowerCharIsLowerOfTheCharWhereThatIsOneChar() {
        int simple = 0;
        for (int c = 0; c <= 0xffff; c++) {
            char ch = (char) c;
            int code = c;
            int got = PyStr.lowerChar(ch);
            String lower = PyStr.lower(String.valueOf(ch));
            int want = Character.isSurrogate(ch) || c == 0x03a3 || lower.length() != 1 ? -1 : lower.charAt(0);
            assertEquals(want, got, () -> String.format("U+%04X lowers to %s", code, hex(lower)));
            simple += got >= 0 ? 1 : 0;
        }
        // All but the surrogates, capital sigma and the few chars lower() makes longer.
        assertTrue(simple > 0x10000 - 0x800 - 10, "one-char mappings: " + simple);
        assertEquals('i', PyStr.lowerChar('I'));
        assertEquals(0x03c9, PyStr.lowerChar('\u2126'));
        assertEquals(-1, PyStr.lowerChar('\u0130'));
    }

    @Test
    void lowerAndUpperOfAStringMapEachCodePointAlone() {
        SplittableRandom r = new SplittableRandom(3);
        for (int i = 0; i < 20_000; i++) {
            String s = randomString(r, r.nextInt(0, 40));
            StringBuilder lower = new StringBuilder();
            StringBuilder upper = new StringBuilder();
            s.codePoints().forEach(cp -> {
                String one = new String(Character.toChars(cp));
                lower.append(PyStr.lower(one));
                upper.append(PyStr.upper(one));
            });
            assertEquals(hex(lower.toString()), hex(PyStr.lower(s)), () -> "lower of " + hex(s));
            assertEquals(hex(upper.toString()), hex(PyStr.upper(s)), () -> "upper of " + hex(s));
        }
    }

    /** Mostly one-char mappings with, at random places, chars that have none (no capital sigma: its lower() is contextual). */
    private static String randomString(SplittableRandom r, int n) {
        StringBuilder sb = new StringBuilder();
        String[] odd = {"\u0130", "\u00df", "\u0149", "\u1e9e", "\ufb00", "\u0390", "\u1f88", "\ud83d\ude00",
            "\ud801\udc00", "\ud801\udc28", "\ud800", "\udc00", "\u01c5", "\u0345", "\u03c2"};
        for (int i = 0; i < n; i++) {
            int k = r.nextInt(10);
            if (k < 4) {
                sb.append((char) r.nextInt(0x20, 0x7f));
            } else if (k < 8) {
                char c;
                do {
                    c = (char) r.nextInt(0x80, 0x10000);
                } while (Character.isSurrogate(c) || c == 0x03a3);
                sb.append(c);
            } else if (k < 9) {
                sb.appendCodePoint(r.nextInt(0x10000, 0x110000));
            } else {
                sb.append(odd[r.nextInt(odd.length)]);
            }
        }
        // Two lone halves next to each other would make a pair: keep them apart.
        return sb.toString().replace("\ud800\udc00", "\ud800 \udc00");
    }

    private static String hex(String s) {
        StringBuilder sb = new StringBuilder();
        for (char c : s.toCharArray()) {
            sb.append(c >= 0x20 && c < 0x7f ? String.valueOf(c) : String.format("\\u%04x", (int) c));
        }
        return sb.toString();
    }
}
