package dev.regrade.judge.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.regrade.judge.TestPrompts;
import dev.regrade.judge.Wire;
import dev.regrade.rubric.port.ExtractionRequest;
import dev.regrade.rubric.port.JudgeReply;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What goes on the wire, as an independent endpoint receives it. */
class RequestShapeTest {
    @Test
    void aSimpleCheckSendsThePromptAsAPlainStringWithTheBinaryEvalResultSchema() throws Exception {
        try (CapturingEndpoint endpoint = CapturingEndpoint.okVerdicts()) {
            HttpJudgeClient client = new HttpJudgeClient(HttpJudgeConfig.of(endpoint.baseUrl()));
            String claim = "Café «Ünïcode» +50%\nsecond line";
            JudgeReply reply = client.judge(TestPrompts.simpleRequest("station_1 name", claim, 2));
            assertEquals(new JudgeReply("ok", true), reply);

            CapturingEndpoint.Captured c = endpoint.requests.get(0);
            JsonNode body = Wire.MAPPER.readTree(c.body());
            assertEquals(List.of("model", "messages", "response_format"), names(body), "o4-mini: no temperature");
            assertEquals("o4-mini", body.path("model").asText());
            assertEquals(1, body.path("messages").size());
            JsonNode message = body.path("messages").get(0);
            assertEquals("user", message.path("role").asText());
            assertTrue(message.path("content").isTextual());
            assertEquals(TestPrompts.simple(claim), message.path("content").asText());
            JsonNode format = body.path("response_format");
            assertEquals("json_schema", format.path("type").asText());
            assertEquals("BinaryEvalResult", format.path("json_schema").path("name").asText());
            assertTrue(format.path("json_schema").path("strict").asBoolean());
            JsonNode schema = format.path("json_schema").path("schema");
            assertEquals("string", schema.path("properties").path("reasoning").path("type").asText());
            assertEquals("boolean", schema.path("properties").path("result").path("type").asText());
            assertEquals(List.of("reasoning", "result"),
                    Wire.MAPPER.convertValue(schema.path("required"), List.class));
            assertFalse(schema.path("additionalProperties").asBoolean(true));

            assertEquals("verify", c.header(Wire.KIND));
            assertEquals(claim, Wire.decode(c.header(Wire.CLAIM)));
            assertEquals("station_1 name", Wire.decode(c.header(Wire.NODE)));
            assertEquals("2", c.header(Wire.VOTE));
            assertNull(c.header(Wire.URL));
            assertNull(c.header("Authorization"), "no key configured: no Authorization header");
            assertTrue(c.header("Content-Type").startsWith("application/json"));
        }
    }

    @Test
    void aPageCheckSendsATextPartThenHighDetailJpegParts() throws Exception {
        try (CapturingEndpoint endpoint = CapturingEndpoint.okVerdicts()) {
            HttpJudgeClient client = new HttpJudgeClient(HttpJudgeConfig.of(endpoint.baseUrl()));
            client.judge(TestPrompts.pageRequest(null, "Open late.", "https://example.test/a?b=c d", "page text",
                    List.of("QUJD", "REVG"), 1));
            CapturingEndpoint.Captured c = endpoint.requests.get(0);
            JsonNode content = Wire.MAPPER.readTree(c.body()).path("messages").get(0).path("content");
            assertEquals(3, content.size());
            assertEquals("text", content.get(0).path("type").asText());
            assertTrue(content.get(0).path("text").asText().endsWith(
                    "Below are rendered page screenshots to provide non-textual context:"));
            for (int i = 1; i <= 2; i++) {
                assertEquals("image_url", content.get(i).path("type").asText());
                assertEquals("high", content.get(i).path("image_url").path("detail").asText());
            }
            assertEquals("data:image/jpeg;base64,QUJD", content.get(1).path("image_url").path("url").asText());
            assertEquals("data:image/jpeg;base64,REVG", content.get(2).path("image_url").path("url").asText());
            assertEquals("https://example.test/a?b=c d", Wire.decode(c.header(Wire.URL)));
            assertNull(c.header(Wire.NODE));
        }
    }

    @Test
    void temperatureIsZeroOnlyForModelNamesWithoutTheLetterO() throws Exception {
        try (CapturingEndpoint endpoint = CapturingEndpoint.okVerdicts()) {
            for (String model : List.of("o4-mini", "gpt-4o", "gpt-4.1", "claude-opus-4", "GPT-4O-MINI")) {
                new HttpJudgeClient(HttpJudgeConfig.of(endpoint.baseUrl()).withModel(model))
                        .judge(TestPrompts.simpleRequest("n", "c", 1));
            }
            List<String> temperatures = endpoint.requests.stream().map(c -> {
                try {
                    JsonNode t = Wire.MAPPER.readTree(c.body()).get("temperature");
                    return t == null ? "omitted" : t.toString();
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            }).toList();
            // The original tests the lower-case letter "o" only, so "GPT-4O-MINI" gets 0.0.
            assertEquals(List.of("omitted", "omitted", "0.0", "omitted", "0.0"), temperatures);
        }
    }

    @Test
    void anExtractionSendsItsSchemaUnderItsTemplateName() throws Exception {
        String answer = "{\"id\":\"c\",\"object\":\"chat.completion\",\"created\":0,\"model\":\"m\",\"choices\":[{"
                + "\"index\":0,\"message\":{\"role\":\"assistant\",\"content\":\"{\\\"name\\\":\\\"Ada\\\"}\"},"
                + "\"finish_reason\":\"stop\"}]}";
        try (CapturingEndpoint endpoint = new CapturingEndpoint(c -> new CapturingEndpoint.Answer(200, answer))) {
            ObjectNode schema = JsonNodeFactory.instance.objectNode().put("title", "Person").put("type", "object");
            JsonNode got = new HttpJudgeClient(HttpJudgeConfig.of(endpoint.baseUrl()))
                    .extract(new ExtractionRequest("person_1", "Person", schema, "Extract the person.", null,
                            List.of(), false));
            assertEquals("Ada", got.path("name").asText());
            CapturingEndpoint.Captured c = endpoint.requests.get(0);
            JsonNode body = Wire.MAPPER.readTree(c.body());
            assertEquals("Person", body.at("/response_format/json_schema/name").asText());
            assertEquals(schema, body.at("/response_format/json_schema/schema"));
            assertEquals("Extract the person.", body.at("/messages/0/content").asText());
            assertEquals("extract", c.header(Wire.KIND));
            assertEquals("person_1", Wire.decode(c.header(Wire.EXTRACTION)));
            assertNull(c.header(Wire.CLAIM));
        }
    }

    @Test
    void aVeryLongClaimIsLeftToThePromptInsteadOfAHeader() {
        try (CapturingEndpoint endpoint = CapturingEndpoint.okVerdicts()) {
            String claim = "é".repeat(Wire.MAX_CLAIM_HEADER_CHARS);
            new HttpJudgeClient(HttpJudgeConfig.of(endpoint.baseUrl())).judge(TestPrompts.simpleRequest("n", claim, 1));
            assertNull(endpoint.requests.get(0).header(Wire.CLAIM));
        }
    }

    private static List<String> names(JsonNode o) {
        List<String> names = new java.util.ArrayList<>();
        o.fieldNames().forEachRemaining(names::add);
        return names;
    }
}
