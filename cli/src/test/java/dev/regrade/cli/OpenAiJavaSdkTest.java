package dev.regrade.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.openai.client.OpenAIClient;
import com.openai.client.okhttp.OpenAIOkHttpClient;
import com.openai.core.JsonValue;
import com.openai.core.http.StreamResponse;
import com.openai.errors.BadRequestException;
import com.openai.errors.NotFoundException;
import com.openai.models.ResponseFormatJsonSchema;
import com.openai.models.chat.completions.ChatCompletion;
import com.openai.models.chat.completions.ChatCompletionChunk;
import com.openai.models.chat.completions.ChatCompletionCreateParams;
import com.openai.models.chat.completions.StructuredChatCompletion;
import com.openai.models.completions.CompletionCreateParams;
import com.openai.models.models.Model;
import dev.regrade.judge.Wire;
import dev.regrade.judge.server.FakeJudgeServer;
import dev.regrade.judge.server.JournalEntry;
import dev.regrade.judge.server.RequestKind;
import dev.regrade.policies.Policies;
import dev.regrade.rubric.Prompts;
import dev.regrade.wearable.JudgeStyle;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The official OpenAI Java SDK ({@code com.openai:openai-java}) against the fake judge as {@code judge serve} sets it up. */
class OpenAiJavaSdkTest {
    private static FakeJudgeServer server;
    private static OpenAIClient client;

    /** A structured-output type the SDK turns into a strict JSON schema (nested type, list, optional-free). */
    public static final class Stations {
        public List<Station> stations;
        public String source_url;
    }

    public static final class Station {
        public String name;
        public String address;
        public double price;
    }

    @BeforeAll
    static void start() {
        server = FakeJudgeServer.start(JudgeCommand.Serve.config(Policies.MINIMAL.verdictRules(),
                Policies.MINIMAL.extractor("any"), JudgeStyle.PLAIN));
        client = OpenAIOkHttpClient.builder().baseUrl(server.baseUrl()).apiKey("sk-sdk-test").maxRetries(0).build();
    }

    @AfterAll
    static void stop() {
        client.close();
        server.stop();
    }

    @BeforeEach
    void clear() {
        server.clearJournal();
    }

    private static ChatCompletionCreateParams plain(String prompt) {
        return ChatCompletionCreateParams.builder().model("o4-mini").addUserMessage(prompt).build();
    }

    @Test
    void aPlainChatCompletion() {
        ChatCompletion c = client.chat().completions().create(plain("Say hi"));
        assertEquals("o4-mini", c.model());
        assertEquals(ChatCompletion.Choice.FinishReason.STOP, c.choices().get(0).finishReason());
        assertTrue(c.choices().get(0).message().content().orElseThrow().startsWith("Offline reply"), c.toString());
        assertTrue(c.usage().orElseThrow().totalTokens() > 0);
        assertEquals(RequestKind.CHAT, server.journal().get(0).kind());
    }

    @Test
    void aStructuredOutputFromAJavaClass() {
        StructuredChatCompletion<Stations> c = client.chat().completions().create(ChatCompletionCreateParams.builder()
                .model("gpt-4.1").addUserMessage("Extract the gas stations.").responseFormat(Stations.class).build());
        Stations s = c.choices().get(0).message().content().orElseThrow();
        assertEquals(1, s.stations.size(), "the minimal policy: one element per list");
        assertEquals("Name A", s.stations.get(0).name);
        assertEquals("100 Main Street, Springfield, IL 62701", s.stations.get(0).address);
        assertEquals(10.5, s.stations.get(0).price);
        assertTrue(s.source_url.startsWith("https://any.example.test/"), s.source_url);
        JournalEntry e = server.journal().get(0);
        assertEquals(RequestKind.EXTRACT, e.kind());
        assertEquals("json-schema-from-Stations", e.extractionName(), "the Java SDK's name for the class's schema");
    }

    @Test
    void aVerificationWithAnExplicitJsonSchemaIsRuled() {
        ResponseFormatJsonSchema.JsonSchema.Schema.Builder schema = ResponseFormatJsonSchema.JsonSchema.Schema.builder();
        Wire.verificationSchema().fields().forEachRemaining(f ->
                schema.putAdditionalProperty(f.getKey(), JsonValue.fromJsonNode(f.getValue())));
        String prompt = Prompts.format(Prompts.VERIFY_SIMPLE, Map.of("task_description", "Find a gas station.",
                "answer", "Shell, 100 Main St.", "claim", "The station is a Shell.", "additional_instruction", "None"));
        ChatCompletion c = client.chat().completions().create(ChatCompletionCreateParams.builder().model("o4-mini")
                .addUserMessage(prompt).responseFormat(ResponseFormatJsonSchema.builder().jsonSchema(
                        ResponseFormatJsonSchema.JsonSchema.builder().name(Wire.VERIFICATION_SCHEMA_NAME).strict(true)
                                .schema(schema.build()).build()).build()).build());
        assertEquals("{\"reasoning\":\"Supported under the offline rule accept.\",\"result\":true}",
                c.choices().get(0).message().content().orElseThrow());
        assertEquals("The station is a Shell.", server.journal().get(0).claim());
    }

    @Test
    void aStreamedCompletionCarriesTheSameText() {
        String whole = client.chat().completions().create(plain("Stream me")).choices().get(0).message().content()
                .orElseThrow();
        try (StreamResponse<ChatCompletionChunk> stream = client.chat().completions().createStreaming(plain("Stream me"))) {
            List<ChatCompletionChunk> chunks = stream.stream().toList();
            assertEquals(whole, chunks.stream().flatMap(ch -> ch.choices().stream())
                    .flatMap(ch -> ch.delta().content().stream()).collect(Collectors.joining()));
            assertEquals(ChatCompletionChunk.Choice.FinishReason.STOP,
                    chunks.get(chunks.size() - 1).choices().get(0).finishReason().orElseThrow());
        }
    }

    @Test
    void errorsAreTheSdksExceptions() {
        BadRequestException bad = assertThrows(BadRequestException.class, () -> client.chat().completions()
                .create(ChatCompletionCreateParams.builder().model("o4-mini").messages(List.of()).build()));
        assertEquals(400, bad.statusCode());
        assertEquals("invalid_request_error", bad.type().orElseThrow());
        assertTrue(bad.getMessage().contains("non-empty array"), bad.getMessage());
        NotFoundException missing = assertThrows(NotFoundException.class, () -> client.completions()
                .create(CompletionCreateParams.builder().model("gpt-3.5-turbo-instruct").prompt("Say hi").build()));
        assertEquals(404, missing.statusCode());
    }

    @Test
    void theModelList() {
        List<String> ids = client.models().list().data().stream().map(Model::id).toList();
        assertEquals(List.of("fake-judge"), ids);
        assertEquals("o4-mini", client.models().retrieve("o4-mini").id());
    }
}
