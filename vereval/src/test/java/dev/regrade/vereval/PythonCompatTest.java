package dev.regrade.vereval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.regrade.pycompat.PyJson;
import dev.regrade.pycompat.PyValueError;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Digests and JSON text equal to what the upstream Python computes, so that outputs made by the
 * Python runner can be resumed here and vice versa. Expected values were computed with CPython 3
 * running the upstream {@code digest} over the upstream prompts and the upstream test's truth row.
 */
class PythonCompatTest {

    private static String[] fingerprints(Double temperature, Number timeout) {
        Settings s = Settings.of("vllm", "test-judge", "http://mock/v1", "evidence_based", temperature, null, null,
                false, 2, 0, timeout);
        List<ObjectNode> jobs = List.of(Fixtures.job());
        Evidence.add(jobs, null, "evidence_based");
        String sample = VerEvalMain.sampleFingerprint(s.toJson(), jobs.get(0));
        jobs.get(0).put("fingerprint", sample);
        return new String[] {sample, VerEvalMain.runFingerprint(s.toJson(), List.of(Fixtures.truth()), List.of(), jobs)};
    }

    @Test
    void promptHash() {
        assertEquals("2a49ed16eab30d33fe06c024969b2003b6d4da48eebd0ffa8b406b1ba6beb3e0", VerEvalPrompts.hash());
        assertEquals("wearertext-vereval-1.0", VerEvalPrompts.VERSION);
    }

    @Test
    void fingerprintsMatchPython() {
        String[] d = fingerprints(null, 120);
        assertEquals("df73301a6d1af14275b5684207ff510e0bab7f17e50d516ec8e82927223e3cf9", d[0]);
        assertEquals("9b77440dea0998a0af05362da2d7134cebf8cafba1d567937cddf064bb1b1e5b", d[1]);
        String[] t = fingerprints(0.0, 120);
        assertEquals("84dbcf4753b8fc8de0b17525e39a87580ced7aef5a6d7b30d138504501c14daf", t[0]);
        assertEquals("7c7be48f3b83e76e5abe6a1f5f92439e8bfc09b57ff37f2b392684ecc8db74f9", t[1]);
        // --timeout 120 given on the command line is the float 120.0: another fingerprint.
        String[] f = fingerprints(null, 120.0);
        assertEquals("dee0c8e29dc29b5571ab33ed597fc715e8bd2398b336ce67c3cc3905b3ae94bd", f[0]);
        assertEquals("cd2c2a01e50e1276559057893ae94ce0cf93df056edd3d9f5c9bd233c044a7ff", f[1]);
    }

    @Test
    void jsonText() {
        ObjectNode o = VerEvalJson.F.objectNode();
        o.put("a", 1e-05).put("b", 0.1).put("c", 1.0).put("d", 1e16).put("e", "é\u2028\u007f");
        o.put("f", new java.math.BigInteger("123456789012345678901234567890"));
        assertEquals("{\"a\": 1e-05, \"b\": 0.1, \"c\": 1.0, \"d\": 1e+16, \"e\": \"é\u2028\u007f\", "
                + "\"f\": 123456789012345678901234567890}", PyJson.dumps(o, VerEvalJson.TEXT));
        ObjectNode s = VerEvalJson.F.objectNode();
        s.put("z", 1).put("é", 2).put("\uD83D\uDE00", 3).put("\uffff", 4).put("a", 5);
        assertEquals("{\"a\": 5, \"z\": 1, \"é\": 2, \"\uffff\": 4, \"\uD83D\uDE00\": 3}", PyJson.dumps(s, VerEvalJson.TEXT.sortKeys(true)));
        assertEquals("{\"e\": \"\\u00e9\"}", PyJson.dumps(VerEvalJson.F.objectNode().put("e", "é"), VerEvalJson.TEXT.ensureAscii(true)));
        assertThrows(PyValueError.class, () -> VerEvalJson.digest(VerEvalJson.F.numberNode(Double.NaN)));
        assertEquals(78.0, dev.regrade.pycompat.PyRound.round((0.9 * 0.8 + 0.1 * 0.6) * 100, 8));
    }
}
