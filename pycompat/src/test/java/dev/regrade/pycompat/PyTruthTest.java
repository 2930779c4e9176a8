package dev.regrade.pycompat;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.math.BigInteger;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Truthiness and the strip family, against values printed by python3.11 ({@code bool(x)}, {@code s.lstrip()}…). */
class PyTruthTest {
    private static final ObjectMapper M = new ObjectMapper();

    @Test
    void truthinessOfJavaValuesIsPythons() {
        assertEquals(false, PyTruth.truthy((Object) 0));
        assertEquals(false, PyTruth.truthy((Object) 0.0));
        assertEquals(false, PyTruth.truthy((Object) (-0.0)));
        assertEquals(true, PyTruth.truthy((Object) Double.NaN));
        assertEquals(false, PyTruth.truthy((Object) ""));
        assertEquals(true, PyTruth.truthy((Object) " "));
        assertEquals(false, PyTruth.truthy((Object) List.of()));
        assertEquals(true, PyTruth.truthy((Object) List.of(0)));
        assertEquals(false, PyTruth.truthy((Object) Map.of()));
        assertEquals(true, PyTruth.truthy((Object) Map.of("a", 1)));
        assertEquals(false, PyTruth.truthy((Object) null));
        assertEquals(true, PyTruth.truthy((Object) Boolean.TRUE));
        assertEquals(false, PyTruth.truthy((Object) Boolean.FALSE));
        assertEquals(true, PyTruth.truthy((Object) BigInteger.TEN.pow(30)));
        assertEquals(false, PyTruth.truthy((String) null));
        assertEquals(false, PyTruth.truthy((List<?>) null));
    }

    @Test
    void truthinessOfLoadedJsonIsPythons() throws Exception {
        String[] values = {"0", "0.0", "-0.0", "\"\"", "\" \"", "[]", "[0]", "{}", "{\"a\":1}", "null", "true", "false",
            "1000000000000000000000000000000"};
        boolean[] expected = {false, false, false, false, true, false, true, false, true, false, true, false, true};
        for (int i = 0; i < values.length; i++) {
            assertEquals(expected[i], PyTruth.truthy(M.readTree(values[i])), values[i]);
            assertEquals(expected[i], PyTruth.truthy((Object) M.readTree(values[i])), values[i]);
        }
        assertEquals(false, PyTruth.truthy(M.readTree("{}").path("missing")));
    }

    @Test
    void stripFamilyIsPythons() {
        // [s, s.lstrip(), s.rstrip(), s.strip()] printed by python3.11
        String[][] cases = {
            {"  a b  ", "a b  ", "  a b", "a b"},
            {"\u0085\u3000x\u200b ", "x\u200b ", "\u0085\u3000x\u200b", "x\u200b"},
            {"\t\n\u001c\u001fy\u00a0", "y\u00a0", "\t\n\u001c\u001fy", "y"},
            {"", "", "", ""},
            {"   ", "", "", ""},
            {"\ud83d\ude00 \u2028", "\ud83d\ude00 \u2028", "\ud83d\ude00", "\ud83d\ude00"},
            {"\u180e x", "\u180e x", "\u180e x", "\u180e x"},
        };
        for (String[] c : cases) {
            assertEquals(c[1], PyWhitespace.lstrip(c[0]));
            assertEquals(c[2], PyWhitespace.rstrip(c[0]));
            assertEquals(c[3], PyWhitespace.strip(c[0]));
        }
    }
}
