package dev.regrade.judge.client;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import dev.regrade.judge.Wire;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The verdict's {@code result} is read as pydantic reads a bool in lax mode. The vectors were made
 * with python3 3.11 and pydantic 2.13.4:
 * {@code B.model_validate_json('{"reasoning":"r","result":' + v + '}').result} for a
 * {@code BaseModel} with {@code reasoning: str} and {@code result: bool}.
 */
class LaxBoolTest {
    @TestFactory
    List<DynamicTest> resultIsReadAsPydanticReadsABool() throws IOException {
        List<DynamicTest> tests = new ArrayList<>();
        String text;
        try (InputStream in = LaxBoolTest.class.getResourceAsStream("pydantic-lax-bool.txt")) {
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        for (String line : text.split("\n")) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            int bar = line.lastIndexOf(" | ");
            String json = line.substring(0, bar);
            String expected = line.substring(bar + 3).trim();
            tests.add(DynamicTest.dynamicTest(json + " -> " + expected, () -> {
                JsonNode content = Wire.MAPPER.readTree("{\"reasoning\":\"r\",\"result\":" + json + "}");
                String actual;
                try {
                    actual = String.valueOf(ReplyParser.verdict(content).result());
                } catch (ReplyParser.BadReply e) {
                    actual = "error";
                }
                assertEquals(expected, actual, json);
            }));
        }
        assertEquals(48, tests.size(), "every vector is read");
        return tests;
    }
}
