package dev.regrade.judge.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regrade.judge.TestPrompts;
import dev.regrade.judge.server.FakeJudgeConfig;
import dev.regrade.judge.server.FakeJudgeServer;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/** The API key goes out as a bearer token and nowhere else. */
class ApiKeyTest {
    private static final String SECRET = "sk-test-Zq81SECRETkey";
    private static final Function<String, String> ENV = Map.of("REGRADE_TEST_KEY", SECRET)::get;

    @Test
    void theKeyIsSentAsABearerToken() {
        try (CapturingEndpoint endpoint = CapturingEndpoint.okVerdicts()) {
            HttpJudgeClient client = new HttpJudgeClient(HttpJudgeConfig.of(endpoint.baseUrl())
                    .withApiKey(ApiKey.fromEnv("REGRADE_TEST_KEY", ENV)));
            assertTrue(client.hasApiKey());
            client.judge(TestPrompts.simpleRequest("n", "c", 1));
            assertEquals("Bearer " + SECRET, endpoint.requests.get(0).header("Authorization"));
        }
    }

    @Test
    void anUnsetVariableSendsNoAuthorizationHeader() {
        try (CapturingEndpoint endpoint = CapturingEndpoint.okVerdicts()) {
            HttpJudgeClient client = new HttpJudgeClient(HttpJudgeConfig.of(endpoint.baseUrl())
                    .withApiKey(ApiKey.fromEnv("REGRADE_UNSET_KEY", ENV)));
            assertFalse(client.hasApiKey());
            client.judge(TestPrompts.simpleRequest("n", "c", 1));
            assertNull(endpoint.requests.get(0).header("Authorization"));
        }
    }

    @Test
    void theKeyIsInNoExceptionMessageEvenWhenTheServerEchoesIt() {
        // A hostile or buggy endpoint that echoes the Authorization header back in errors and replies.
        try (CapturingEndpoint echoError = new CapturingEndpoint(c -> new CapturingEndpoint.Answer(401,
                "{\"error\":{\"message\":\"Incorrect API key provided: " + c.header("Authorization") + "\"}}"));
             CapturingEndpoint echoReply = new CapturingEndpoint(c -> new CapturingEndpoint.Answer(200,
                     "{\"choices\":[{\"message\":{\"content\":\"key " + c.header("Authorization")
                             + "\"},\"finish_reason\":\"stop\"}]}"))) {
            for (CapturingEndpoint endpoint : new CapturingEndpoint[] {echoError, echoReply}) {
                HttpJudgeClient client = new HttpJudgeClient(HttpJudgeConfig.of(endpoint.baseUrl())
                        .withApiKey(ApiKey.fromEnv("REGRADE_TEST_KEY", ENV)));
                JudgeClientException e = assertThrows(JudgeClientException.class,
                        () -> client.judge(TestPrompts.simpleRequest("n", "c", 1)));
                assertTrue(e.getMessage().contains("[redacted]"), e.getMessage());
                assertFalse(stackTrace(e).contains(SECRET), stackTrace(e));
            }
        }
    }

    @Test
    void theKeyIsInNoToStringAndNoJournal() {
        HttpJudgeConfig config;
        try (FakeJudgeServer server = FakeJudgeServer.start(FakeJudgeConfig.defaults())) {
            config = HttpJudgeConfig.of(server.baseUrl()).withApiKey(ApiKey.fromEnv("REGRADE_TEST_KEY", ENV))
                    .withMaxRetries(0);
            HttpJudgeClient client = new HttpJudgeClient(config);
            client.judge(TestPrompts.simpleRequest("n", "c", 1));
            assertFalse(client.toString().contains(SECRET), client.toString());
            assertTrue(client.toString().contains("REGRADE_TEST_KEY"));
            assertFalse(config.toString().contains(SECRET));
            assertFalse(server.journal().toString().contains(SECRET));
            assertFalse(server.toString().contains(SECRET));
            server.stop();
            JudgeClientException dead = assertThrows(JudgeClientException.class,
                    () -> client.judge(TestPrompts.simpleRequest("n", "c", 1)));
            assertFalse(stackTrace(dead).contains(SECRET));
        }
    }

    private static String stackTrace(Throwable t) {
        StringWriter w = new StringWriter();
        t.printStackTrace(new PrintWriter(w));
        return w.toString();
    }
}
