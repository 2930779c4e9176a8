package dev.regrade.pycompat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** f"{x:.Nf}" and f"{x:,.Nf}" against vectors written by python3 (exact binary value, half-even). */
class PyFormatTest {
    @Test
    void examples() {
        assertEquals("2.67", PyFormat.fixed(2.675, 2));
        assertEquals("0.12", PyFormat.fixed(0.125, 2));
        assertEquals("-0.0", PyFormat.fixed(-0.04, 1));
        assertEquals("1,234,567.89", PyFormat.fixedGrouped(1234567.891, 2));
    }

    @Test
    void matchesPythonOnGoldenVectors() throws Exception {
        ObjectMapper m = new ObjectMapper();
        int n = 0;
        try (BufferedReader r = new BufferedReader(new InputStreamReader(
                PyFormatTest.class.getResourceAsStream("/dev/regrade/pycompat/format_fixed.jsonl"), StandardCharsets.UTF_8))) {
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                JsonNode v = m.readTree(line);
                double x = Double.longBitsToDouble(v.get("bits").asLong());
                int d = v.get("digits").asInt();
                assertEquals(v.get("fixed").asText(), PyFormat.fixed(x, d), "format(" + x + ", '." + d + "f')");
                assertEquals(v.get("grouped").asText(), PyFormat.fixedGrouped(x, d), "format(" + x + ", ',." + d + "f')");
                n++;
            }
        }
        assertTrue(n >= 3000, "vectors: " + n);
    }
}
