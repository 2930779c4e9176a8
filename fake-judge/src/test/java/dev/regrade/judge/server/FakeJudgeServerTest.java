package dev.regrade.judge.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.regrade.judge.TestPrompts;
import dev.regrade.judge.Wire;
import dev.regrade.rubric.port.VerdictRules;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class FakeJudgeServerTest {
    private static FakeJudgeServer server;

    @BeforeAll
    static void start() {
        server = FakeJudgeServer.start(FakeJudgeConfig.defaults());
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

    private static String foreignBody(String model, JsonNode content, String schemaName) {
        ObjectNode b = JsonNodeFactory.instance.objectNode();
        b.put("model", model);
        b.putArray("messages").addObject().put("role", "user").set("content", content);
        ObjectNode format = b.putObject("response_format");
        format.put("type", "json_schema");
        format.putObject("json_schema").put("name", schemaName).put("strict", true)
                .set("schema", Wire.verificationSchema());
        return b.toString();
    }

    @Test
    void aCurlLikeRequestGetsAValidChatCompletion() throws Exception {
        String claim = "The first station is a Shell.";
        String body = foreignBody("gpt-4.1", JsonNodeFactory.instance.textNode(TestPrompts.simple(claim)),
                "BinaryEvalResult");
        HttpResponse<String> r = RawHttp.post(server.baseUrl() + "/chat/completions", body, Map.of());
        assertEquals(200, r.statusCode());
        assertTrue(r.headers().firstValue("Content-Type").orElse("").startsWith("application/json"));
        JsonNode c = Wire.MAPPER.readTree(r.body());
        assertTrue(c.path("id").asText().startsWith("chatcmpl-"));
        assertEquals("chat.completion", c.path("object").asText());
        assertEquals(Wire.FIXED_CREATED, c.path("created").asLong());
        assertEquals("gpt-4.1", c.path("model").asText());
        JsonNode choice = c.path("choices").get(0);
        assertEquals(0, choice.path("index").asInt());
        assertEquals("assistant", choice.path("message").path("role").asText());
        assertEquals("stop", choice.path("finish_reason").asText());
        JsonNode content = Wire.MAPPER.readTree(choice.path("message").path("content").asText());
        assertTrue(content.path("result").isBoolean());
        assertTrue(content.path("result").asBoolean());
        assertEquals("Supported under the offline rule accept.", content.path("reasoning").asText());
        JsonNode usage = c.path("usage");
        assertTrue(usage.path("prompt_tokens").asInt() > 100);
        assertTrue(usage.path("completion_tokens").asInt() > 0);
        assertEquals(usage.path("prompt_tokens").asInt() + usage.path("completion_tokens").asInt(),
                usage.path("total_tokens").asInt());

        JournalEntry e = server.journal().get(0);
        assertEquals(RequestKind.VERIFY, e.kind());
        assertEquals(claim, e.claim(), "claim read from the prompt of a client without Regrade headers");
        assertNull(e.nodeId());
        assertNull(e.vote());
        assertEquals(Wire.sha256(TestPrompts.simple(claim)), e.promptSha256());
        assertEquals(Boolean.TRUE, e.verdict());
    }

    @Test
    void repliesAreDeterministicApartFromTheCompletionNumber() throws Exception {
        String body = foreignBody("o4-mini", JsonNodeFactory.instance.textNode(TestPrompts.simple("x")),
                "BinaryEvalResult");
        JsonNode a = Wire.MAPPER.readTree(RawHttp.post(server.baseUrl() + "/chat/completions", body, Map.of()).body());
        JsonNode b = Wire.MAPPER.readTree(RawHttp.post(server.baseUrl() + "/chat/completions", body, Map.of()).body());
        assertNotEquals(a.get("id"), b.get("id"));
        ((ObjectNode) a).remove("id");
        ((ObjectNode) b).remove("id");
        assertEquals(a, b);
    }

    @Test
    void aForeignPageCheckIsReadFromTheTextAndImageParts() throws Exception {
        server.useRules(VerdictRules.accept().withReject(List.of("/24 hours/")));
        String claim = "The station is open 24 hours.";
        ArrayNode parts = JsonNodeFactory.instance.arrayNode();
        String prompt = TestPrompts.page(claim, "https://example.test/shell", "Shell, open 6am-10pm");
        parts.addObject().put("type", "text").put("text", prompt);
        parts.addObject().put("type", "image_url").putObject("image_url")
                .put("url", "data:image/jpeg;base64,AAAA").put("detail", "high");
        HttpResponse<String> r = RawHttp.post(server.baseUrl() + "/chat/completions",
                foreignBody("o4-mini", parts, "BinaryEvalResult"), Map.of());
        assertEquals(200, r.statusCode());
        JsonNode content = Wire.MAPPER.readTree(Wire.MAPPER.readTree(r.body())
                .path("choices").get(0).path("message").path("content").asText());
        assertFalse(content.path("result").asBoolean());
        JournalEntry e = server.journal().get(0);
        assertEquals(claim, e.claim());
        assertNull(e.url(), "no X-Regrade-Url header from a foreign client");
        assertEquals(Wire.sha256(prompt), e.promptSha256());
    }

    @ParameterizedTest
    @ValueSource(strings = {"0.0.0.0", "192.168.1.20", "10.0.0.1", "localhost", "::1", "::", ""})
    void refusesToBindAnythingButLoopback(String address) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> FakeJudgeConfig.defaults().withBindAddress(address));
        assertTrue(e.getMessage().contains("127.0.0.1 only"), e.getMessage());
        assertTrue(e.getMessage().contains("'" + address + "'"), e.getMessage());
    }

    @Test
    void listensOnAGivenPortOnLoopbackAndCanRestart() throws Exception {
        int port;
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            port = probe.getLocalPort();
        }
        FakeJudgeServer s = new FakeJudgeServer(FakeJudgeConfig.defaults().withPort(port));
        try {
            s.start();
            assertEquals("http://127.0.0.1:" + port + "/v1", s.baseUrl());
            assertEquals(200, RawHttp.get(s.baseUrl() + "/models").statusCode());
            assertThrows(IllegalStateException.class, s::start);
            s.stop();
            assertFalse(s.isRunning());
            assertThrows(IllegalStateException.class, s::baseUrl);
            s.start();
            assertEquals(200, RawHttp.get(s.baseUrl() + "/models").statusCode());
        } finally {
            s.stop();
        }
    }

    @Test
    void aTakenPortIsAClearError() {
        FakeJudgeServer other = new FakeJudgeServer(FakeJudgeConfig.defaults().withPort(server.port()));
        IllegalStateException e = assertThrows(IllegalStateException.class, other::start);
        assertTrue(e.getMessage().contains("cannot listen on 127.0.0.1:" + server.port()), e.getMessage());
        assertFalse(other.isRunning());
    }

    @Test
    void unknownPathsAndUnreadableRequestsGetOpenAiErrors() throws Exception {
        HttpResponse<String> notFound = RawHttp.get(server.baseUrl() + "/completions");
        assertEquals(404, notFound.statusCode());
        assertTrue(Wire.MAPPER.readTree(notFound.body()).path("error").path("message").isTextual());

        HttpResponse<String> notJson = RawHttp.post(server.baseUrl() + "/chat/completions", "{oops", Map.of());
        assertEquals(400, notJson.statusCode());
        assertEquals("the request body is not JSON",
                Wire.MAPPER.readTree(notJson.body()).path("error").path("message").asText());

        HttpResponse<String> noMessages = RawHttp.post(server.baseUrl() + "/chat/completions", "{\"model\":\"m\"}",
                Map.of());
        assertEquals(400, noMessages.statusCode());
        JsonNode error = Wire.MAPPER.readTree(noMessages.body()).path("error");
        assertEquals("Missing required parameter: 'messages'.", error.path("message").asText());
        assertEquals("invalid_request_error", error.path("type").asText());
        assertTrue(error.has("code"), error.toString());

        List<JournalEntry> j = server.journal();
        assertEquals(2, j.size(), "404s for other paths never reach the journal");
        assertEquals(RequestKind.INVALID, j.get(0).kind());
        assertEquals(400, j.get(1).status());
    }

    @Test
    void theJournalIsReadOnlyInArrivalOrderAndClearable() {
        for (int i = 1; i <= 3; i++) {
            RawHttp.post(server.baseUrl() + "/chat/completions",
                    foreignBody("m", JsonNodeFactory.instance.textNode(TestPrompts.simple("claim " + i)),
                            "BinaryEvalResult"),
                    Map.of(Wire.NODE, Wire.encode("node " + i), Wire.VOTE, "" + i));
        }
        List<JournalEntry> j = server.journal();
        assertEquals(List.of(1L, 2L, 3L), j.stream().map(JournalEntry::sequence).toList());
        assertEquals(List.of("node 1", "node 2", "node 3"), j.stream().map(JournalEntry::nodeId).toList());
        assertEquals(List.of(1, 2, 3), j.stream().map(JournalEntry::vote).toList());
        assertThrows(UnsupportedOperationException.class, () -> j.add(j.get(0)));
        server.clearJournal();
        assertTrue(server.journal().isEmpty());
        RawHttp.post(server.baseUrl() + "/chat/completions",
                foreignBody("m", JsonNodeFactory.instance.textNode(TestPrompts.simple("again")), "BinaryEvalResult"),
                Map.of());
        assertEquals(1L, server.journal().get(0).sequence());
    }

    @Test
    void printsNothingOnStdoutOrStderr() {
        PrintStream out = System.out;
        PrintStream err = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        PrintStream sink = new PrintStream(captured, true, StandardCharsets.UTF_8);
        System.setOut(sink);
        System.setErr(sink);
        try (FakeJudgeServer s = FakeJudgeServer.start(FakeJudgeConfig.defaults())) {
            RawHttp.post(s.baseUrl() + "/chat/completions", "not json", Map.of());
            RawHttp.get(s.baseUrl() + "/nowhere");
            RawHttp.post(s.baseUrl() + "/chat/completions",
                    foreignBody("m", JsonNodeFactory.instance.textNode(TestPrompts.simple("c")), "BinaryEvalResult"),
                    Map.of());
            RawHttp.post(s.baseUrl() + "/chat/completions",
                    foreignBody("m", JsonNodeFactory.instance.textNode("Extract"), "Station"), Map.of());
        } finally {
            System.setOut(out);
            System.setErr(err);
        }
        assertEquals("", captured.toString(StandardCharsets.UTF_8));
    }

    @Test
    void faultRulesNumberRequestsAndSpendOneShotBudgets() {
        FaultBook book = new FaultBook(Faults.none()
                .withRule(FaultRule.onRequests(FaultKind.SERVER_ERROR, 2, 4))
                .withRule(FaultRule.onClaim(FaultKind.WRONG_TYPES, "/^Texaco/").withTimes(1))
                .withRule(FaultRule.always(FaultKind.LENGTH).withKind(RequestKind.EXTRACT).withTimes(2)));
        assertNull(book.next(RequestKind.VERIFY, "Shell"));                       // 1
        assertEquals(FaultKind.SERVER_ERROR, book.next(RequestKind.VERIFY, "Texaco")); // 2
        assertEquals(FaultKind.WRONG_TYPES, book.next(RequestKind.VERIFY, "Texaco")); // 3
        assertEquals(FaultKind.SERVER_ERROR, book.next(RequestKind.EXTRACT, null)); // 4
        assertNull(book.next(RequestKind.VERIFY, "Texaco"));                      // 5: budget spent
        assertEquals(FaultKind.LENGTH, book.next(RequestKind.EXTRACT, null));
        assertEquals(FaultKind.LENGTH, book.next(RequestKind.EXTRACT, null));
        assertNull(book.next(RequestKind.EXTRACT, null));
        assertThrows(IllegalArgumentException.class, () -> FaultRule.onRequests(FaultKind.LENGTH, 0));
        assertThrows(IllegalArgumentException.class, () -> FaultRule.always(FaultKind.LENGTH).withTimes(-1));
    }

    // ---- what any OpenAI-compatible client meets: streaming, the model list, errors, lenient message lists

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
        FakeJudgeLane lane = server.lane("extractions");
        lane.useExtractor(request -> Wire.MAPPER.createObjectNode().put("name", request.extractionName()));
        JsonNode content = Wire.MAPPER.readTree(Wire.MAPPER.readTree(RawHttp.post(lane.baseUrl() + "/chat/completions",
                body.toString(), Map.of()).body()).at("/choices/0/message/content").asText());
        assertEquals("Item", content.path("name").asText());
        assertEquals(RequestKind.EXTRACT, lane.journal().get(0).kind());
    }

    @Test
    void errorsAreOpenAiErrorObjectsWithTheirStatus() throws Exception {
        HttpResponse<String> empty = RawHttp.post(server.baseUrl() + "/chat/completions",
                "{\"model\":\"m\",\"messages\":[]}", Map.of());
        assertEquals(400, empty.statusCode());
        JsonNode e = Wire.MAPPER.readTree(empty.body()).path("error");
        assertEquals(List.of("message", "type", "param", "code"), keys(e));
        assertEquals("invalid_request_error", e.path("type").asText());

        server.useFaults(Faults.none().withRule(FaultRule.always(FaultKind.RATE_LIMITED)));
        ObjectNode streamed = chat("x");
        streamed.put("stream", true);
        HttpResponse<String> limited = post(streamed);
        assertEquals(429, limited.statusCode());
        assertEquals("rate_limit_exceeded", Wire.MAPPER.readTree(limited.body()).at("/error/code").asText(),
                "an error is JSON, streamed or not");
    }

    private static List<String> keys(JsonNode n) {
        List<String> names = new ArrayList<>();
        n.fieldNames().forEachRemaining(names::add);
        return names;
    }
}
