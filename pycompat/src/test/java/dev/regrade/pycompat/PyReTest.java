package dev.regrade.pycompat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.BitSet;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * PyRe's classes match exactly the code points python3's re matches with \s, \w and \d
 * (re_classes.json, gen_strings.py), on every code point: a JVM with other Unicode data fails here.
 */
class PyReTest {

    @Test
    void spaceIsPythonsBackslashS() {
        assertSame("\\s", PyRe.SPACE, codePoints("s"));
    }

    @Test
    void wordIsPythonsBackslashW() {
        assertSame("\\w", PyRe.WORD, codePoints("w"));
    }

    @Test
    void digitIsPythonsBackslashD() {
        assertSame("\\d", PyRe.DIGIT, codePoints("d"));
    }

    private static void assertSame(String what, String javaClass, BitSet python) {
        Pattern p = Pattern.compile(javaClass);
        Vectors.Mismatches m = new Vectors.Mismatches("re " + what);
        for (int cp = 0; cp <= Character.MAX_CODE_POINT; cp++) {
            boolean java = p.matcher(Character.toString(cp)).matches();
            int c = cp;
            m.check(java == python.get(cp), () -> String.format("U+%04X: python %s, java %s", c, python.get(c), java));
        }
        m.assertNone(Character.MAX_CODE_POINT + 1);
    }

    /** The code points of one class of re_classes.json. */
    static BitSet codePoints(String name) {
        BitSet set = new BitSet(Character.MAX_CODE_POINT + 1);
        for (JsonNode range : Vectors.json("re_classes.json").get(name)) {
            set.set(range.get(0).asInt(), range.get(1).asInt() + 1);
        }
        return set;
    }
}
