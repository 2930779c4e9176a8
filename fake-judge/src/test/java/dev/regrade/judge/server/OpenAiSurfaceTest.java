package dev.regrade.judge.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.regrade.judge.TestPrompts;
import dev.regrade.judge.Wire;
import dev.regrade.rubric.port.VerdictRules;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** What any OpenAI-compatible client meets: streaming, the model list, errors, lenient message lists. */
class OpenAiSurfaceTest {
    private static FakeJudgeServer server;

    @BeforeAll
    static void start() {
        server = FakeJudgeServer.start(FakeJudgeConfig.defaults()
                .withExtractor(request -> Wire.MAPPER.createObjectNode().put("name", request.extractionName())));
    }

    @AfterAll
    static void stop() {
        server.stop();
    }

    @BeforeEach
    void reset() {
        server.useRules(VerdictRules.accept());
        server.useFaults(Faults.none());
        server.clearJournal();
    }

    private static ObjectNode chat(String prompt) {
        ObjectNode b = Wire.MAPPER.createObjectNode();
        b.put("model", "gpt-4o-mini");
        b.putArray("messages").addObject().put("role", "user").put("content", prompt);
        return b;
    }

    private static HttpResponse<String> post(ObjectNode body) {
        return RawHttp.post(server.baseUrl() + "/chat/completions", body.toString(), Map.of());
    }

    /** The {@code data:} payloads of an event stream, in order. */
    private static List<String> events(String stream) {
        List<String> data = new ArrayList<>();
        for (String block : stream.split("\n\n")) {
            assertTrue(block.startsWith("data: "), block);
            data.add(block.substring("data: ".length()));
        }
        return data;
    }

    @Test
    void aStreamIsRoleThenContentThenFinishReasonThenDone() throws Exception {
        ObjectNode body = chat(TestPrompts.simple("The first station is a Shell."));
        body.put("stream", true);
        HttpResponse<String> r = post(body);
        assertEquals(200, r.statusCode());
        assertEquals(Completions.EVENT_STREAM, r.headers().firstValue("Content-Type").orElse(""));
        assertTrue(r.body().endsWith("\n\ndata: [DONE]\n\n"), r.body());
        List<String> data = events(r.body());
        assertEquals(4, data.size(), r.body());
        assertEquals("[DONE]", data.get(3));
        JsonNode first = Wire.MAPPER.readTree(data.get(0));
        assertEquals("chat.completion.chunk", first.path("object").asText());
        assertEquals("gpt-4o-mini", first.path("model").asText());
        assertEquals("assistant", first.at("/choices/0/delta/role").asText());
        assertTrue(first.at("/choices/0/finish_reason").isNull());
        assertTrue(!first.has("usage"), "no usage without stream_options.include_usage");
        JsonNode verdict = Wire.MAPPER.readTree(Wire.MAPPER.readTree(data.get(1)).at("/choices/0/delta/content").asText());
        assertTrue(verdict.path("result").asBoolean());
        JsonNode last = Wire.MAPPER.readTree(data.get(2));
        assertEquals("stop", last.at("/choices/0/finish_reason").asText());
        assertEquals(first.path("id"), last.path("id"));
        assertEquals(RequestKind.VERIFY, server.journal().get(0).kind());
    }

    @Test
    void aStreamWithIncludeUsageEndsWithAUsageChunk() throws Exception {
        ObjectNode body = chat("Say hi");
        body.put("stream", true);
        body.putObject("stream_options").put("include_usage", true);
        List<String> data = events(post(body).body());
        assertEquals(5, data.size());
        for (int i = 0; i < 3; i++) {
            assertTrue(Wire.MAPPER.readTree(data.get(i)).path("usage").isNull(), data.get(i));
        }
        JsonNode usage = Wire.MAPPER.readTree(data.get(3));
        assertEquals(0, usage.path("choices").size());
        assertEquals(2, usage.at("/usage/prompt_tokens").asInt());
        assertTrue(usage.at("/usage/completion_tokens").asInt() > 0);
    }

    @Test
    void theModelListAndAnyModelAreServedOnTheServerAndOnLanes() throws Exception {
        JsonNode list = Wire.MAPPER.readTree(RawHttp.get(server.baseUrl() + "/models").body());
        assertEquals("list", list.path("object").asText());
        assertEquals("fake-judge", list.at("/data/0/id").asText());
        assertEquals("model", list.at("/data/0/object").asText());
        HttpResponse<String> one = RawHttp.get(server.baseUrl() + "/models/o4-mini");
        assertEquals(200, one.statusCode());
        assertEquals("o4-mini", Wire.MAPPER.readTree(one.body()).path("id").asText());
        FakeJudgeLane lane = server.lane("models");
        assertEquals("fake-judge",
                Wire.MAPPER.readTree(RawHttp.get(lane.baseUrl() + "/models").body()).at("/data/0/id").asText());
        assertEquals(404, RawHttp.get("http://127.0.0.1:" + server.port() + "/lanes/none/v1/models").statusCode());
    }

    @Test
    void aSystemOnlyRequestAndAVerificationSchemaAroundAnotherPromptAreAnswered() throws Exception {
        ObjectNode system = Wire.MAPPER.createObjectNode().put("model", "m");
        system.putArray("messages").addObject().put("role", "system").put("content", "Reply OK.");
        HttpResponse<String> r = post(system);
        assertEquals(200, r.statusCode(), r.body());
        assertEquals(Wire.sha256("Reply OK."), server.journal().get(0).promptSha256());

        server.useRules(VerdictRules.accept().withReject(List.of("moon")));
        ObjectNode verify = chat("Is the moon made of cheese?");
        ObjectNode schema = verify.putObject("response_format").put("type", "json_schema").putObject("json_schema");
        schema.put("name", Wire.VERIFICATION_SCHEMA_NAME).put("strict", true).set("schema", Wire.verificationSchema());
        JsonNode content = Wire.MAPPER.readTree(Wire.MAPPER.readTree(post(verify).body())
                .at("/choices/0/message/content").asText());
        assertEquals(false, content.path("result").asBoolean(true), "the whole prompt is the claim");
        assertEquals("Is the moon made of cheese?", server.journal().get(1).claim());
    }

    @Test
    void anUnknownSchemaGoesToTheExtractorUnderItsName() throws Exception {
        ObjectNode body = chat("Extract the item.");
        ObjectNode js = body.putObject("response_format").put("type", "json_schema").putObject("json_schema");
        js.put("name", "Item").put("strict", true).putObject("schema").put("type", "object");
        JsonNode content = Wire.MAPPER.readTree(Wire.MAPPER.readTree(post(body).body())
                .at("/choices/0/message/content").asText());
        assertEquals("Item", content.path("name").asText());
        assertEquals(RequestKind.EXTRACT, server.journal().get(0).kind());
    }

    @Test
    void errorsAreOpenAiErrorObjectsWithTheirStatus() throws Exception {
        HttpResponse<String> empty = RawHttp.post(server.baseUrl() + "/chat/completions",
                "{\"model\":\"m\",\"messages\":[]}", Map.of());
        assertEquals(400, empty.statusCode());
        JsonNode e = Wire.MAPPER.readTree(empty.body()).path("error");
        assertEquals(List.of("message", "type", "param", "code"), fieldNames(e));
        assertEquals("invalid_request_error", e.path("type").asText());

        server.useFaults(Faults.none().withRule(FaultRule.always(FaultKind.RATE_LIMITED)));
        ObjectNode streamed = chat("x");
        streamed.put("stream", true);
        HttpResponse<String> limited = post(streamed);
        assertEquals(429, limited.statusCode());
        assertEquals("rate_limit_exceeded", Wire.MAPPER.readTree(limited.body()).at("/error/code").asText(),
                "an error is JSON, streamed or not");
    }

    private static List<String> fieldNames(JsonNode n) {
        List<String> names = new ArrayList<>();
        n.fieldNames().forEachRemaining(names::add);
        return names;
    }
}
