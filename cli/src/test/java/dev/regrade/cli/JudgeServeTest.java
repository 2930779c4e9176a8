package dev.regrade.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.regrade.rubric.json.JsonFiles;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code regrade judge serve} in its own process answers a plain HTTP client in another. */
class JudgeServeTest {
    @Test
    void aServerInAnotherProcessAnswersAPlainCompletionRequest() throws Exception {
        String javaBin = Paths.get(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(List.of(javaBin, "-cp", System.getProperty("java.class.path"),
                Main.class.getName(), "judge", "serve", "--port", "0", "--policy", "full"))
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        try {
            BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
            String baseUrl = out.readLine();
            assertTrue(baseUrl != null && baseUrl.matches("http://127\\.0\\.0\\.1:\\d+/v1"), "printed " + baseUrl);
            String body = "{\"model\":\"o4-mini\",\"messages\":[{\"role\":\"user\",\"content\":"
                    + "\"Here is the claim or the statement to be verified:\\n```\\nThe sky is blue.\\n```\"}]}";
            HttpResponse<String> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                            URI.create(baseUrl + "/chat/completions")).timeout(Duration.ofSeconds(20))
                    .header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(200, r.statusCode());
            JsonNode completion = JsonFiles.parse(r.body());
            assertEquals("chat.completion", completion.get("object").asText());
            assertEquals("stop", completion.get("choices").get(0).get("finish_reason").asText());
            JsonNode verdict = JsonFiles.parse(completion.get("choices").get(0).get("message").get("content").asText());
            assertTrue(verdict.get("result").asBoolean(), "the full policy accepts");
        } finally {
            p.destroy();
            assertTrue(p.waitFor(20, java.util.concurrent.TimeUnit.SECONDS), "the server stops when signalled");
        }
    }

    @Test
    @org.junit.jupiter.api.Timeout(30)
    void aPortInUseIsOneLineAndExit2() throws Exception {
        try (java.net.ServerSocket taken = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            CliRun run = CliRun.of("judge", "serve", "--port", String.valueOf(taken.getLocalPort()));
            assertEquals(2, run.status(), run.err());
            assertEquals("regrade judge serve: cannot listen on 127.0.0.1:" + taken.getLocalPort()
                    + ": the port is in use (choose another, or --port 0 for a free one)\n", run.err());
        }
    }
}
