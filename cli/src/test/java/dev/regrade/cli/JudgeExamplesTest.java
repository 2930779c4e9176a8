package dev.regrade.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.regrade.rubric.json.JsonFiles;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The examples of {@code judge serve --help}, which the README shows too, run as written: the server
 * and every {@code ./regrade} command in their own JVM (the launcher's {@code java -jar}, with the
 * test class path, since the jar is built after the tests), each {@code curl} line by curl itself
 * when it is installed, else the same request replayed with java.net.http. The one change: ports
 * 8765 and 8766 become free ports, so that parallel builds on one machine cannot collide.
 */
class JudgeExamplesTest {
    private static final String PORT = "8765";
    private static final String RECORDER_PORT = "8766";

    @TempDir
    Path tmp;

    /** The example commands of a text: indented lines, continuation lines ({@code \}) joined. */
    static List<String> commands(List<String> lines) {
        List<String> out = new ArrayList<>();
        StringBuilder open = null;
        for (String line : lines) {
            String t = line.strip();
            if (open != null) {
                open.append(' ').append(t);
            } else if (t.startsWith("./regrade ") || t.startsWith("curl ")) {
                open = new StringBuilder(t);
            } else {
                continue;
            }
            if (open.toString().endsWith("\\")) {
                open.setLength(open.length() - 1);
                open = new StringBuilder(open.toString().stripTrailing());
            } else {
                out.add(open.toString());
                open = null;
            }
        }
        return out;
    }

    private static List<String> helpExamples() {
        CliRun help = CliRun.of("judge", "serve", "--help");
        assertEquals(0, help.status(), help.err());
        List<String> lines = help.out().lines().toList();
        return commands(lines.subList(lines.indexOf("Examples:"), lines.size()));
    }

    /** The README's fenced block that follows the line {@code <!-- judge serve examples -->}. */
    private static List<String> readmeExamples() throws IOException {
        List<String> lines = Files.readAllLines(Paths.get("..", "README.md"), StandardCharsets.UTF_8);
        int start = lines.indexOf("<!-- judge serve examples -->") + 2;
        assertTrue(start > 1 && lines.get(start - 1).startsWith("```"), "README marks the judge serve examples");
        int end = start;
        while (!lines.get(end).startsWith("```")) {
            end++;
        }
        return commands(lines.subList(start, end));
    }

    @Test
    void theReadmeShowsTheHelpsExamples() throws IOException {
        List<String> help = helpExamples();
        assertEquals(8, help.size(), help.toString());
        assertEquals(help, readmeExamples());
    }

    @Test
    void everyExampleRuns() throws Exception {
        List<String> examples = helpExamples();
        String port = Integer.toString(freePort());
        String recorderPort = Integer.toString(freePort());
        List<String> run = examples.stream().map(c -> c.replace(PORT, port).replace(RECORDER_PORT, recorderPort))
                .toList();
        assertTrue(run.get(0).startsWith("./regrade judge serve "), run.get(0));
        Process server = serve(run.get(0), port);
        try {
            JsonNode chat = JsonFiles.parse(curl(run.get(1)));
            assertEquals("chat.completion", chat.path("object").asText());
            assertEquals("o4-mini", chat.path("model").asText());
            assertTrue(chat.at("/choices/0/message/content").asText().startsWith("Offline reply"), chat.toString());
            assertTrue(chat.at("/usage/total_tokens").asInt() > 0);

            JsonNode models = JsonFiles.parse(curl(run.get(2)));
            assertEquals("fake-judge", models.at("/data/0/id").asText());

            assertEquals(0, finish(regrade(run.get(3))).status(), run.get(3));
            assertTrue(Files.isRegularFile(tmp.resolve("demo/vereval/predictions.jsonl")));

            ProcessBuilder vereval = regrade(run.get(4));
            vereval.environment().remove("OPENAI_API_KEY");
            assertEquals(0, finish(vereval).status(), run.get(4));
            JsonNode summary = JsonFiles.parse(Files.readString(tmp.resolve("demo/run/summary.json")));
            assertEquals(1391, summary.get("successful").asInt());
            assertEquals(0, summary.get("failed").asInt());

            // Record through the judge above, then replay with it stopped: the same run, the same output.
            Process recorder = serve(run.get(5), recorderPort);
            Finished recorded;
            try {
                recorded = finish(regrade(run.get(6)));
                assertEquals(0, recorded.status(), run.get(6));
            } finally {
                stop(recorder);
            }
            stop(server);
            Process replayer = serve(run.get(7), recorderPort);
            try {
                Finished replayed = finish(regrade(run.get(6)));
                assertEquals(0, replayed.status(), run.get(6));
                assertEquals(recorded.out(), replayed.out(), "the replayed run prints what the recorded one did");
                assertTrue(recorded.out().contains("ikea_shopping_list"), recorded.out());
                // a real recording: every extraction and verdict of the run, not one exchange
                try (java.util.stream.Stream<Path> stubs = Files.list(tmp.resolve("recording/mappings"))) {
                    assertTrue(stubs.count() >= 14, "one stub per request of the run");
                }
            } finally {
                stop(replayer);
            }
        } finally {
            stop(server);
        }
    }

    /** Starts a {@code judge serve} example and checks the base URL it prints first. */
    private Process serve(String command, String port) throws IOException {
        Process p = regrade(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String baseUrl = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))
                .readLine();
        assertEquals("http://127.0.0.1:" + port + "/v1", baseUrl, command);
        return p;
    }

    private static void stop(Process p) throws InterruptedException {
        if (p.isAlive()) {
            p.destroy();
            assertTrue(p.waitFor(20, TimeUnit.SECONDS), "the server stops when signalled");
        }
    }

    private record Finished(int status, String out) {
    }

    /** {@code ./regrade ARGS} as a JVM running Main in the temporary directory. */
    private ProcessBuilder regrade(String command) {
        List<String> argv = new ArrayList<>(List.of(Paths.get(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), Main.class.getName()));
        argv.addAll(List.of(command.substring("./regrade ".length()).split(" +")));
        return new ProcessBuilder(argv).directory(tmp.toFile());
    }

    private static Finished finish(ProcessBuilder b) throws Exception {
        Process p = b.redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(240, TimeUnit.SECONDS), "finished");
        return new Finished(p.exitValue(), out);
    }

    /** The output of a curl example: run by curl when installed, else replayed with java.net.http. */
    private String curl(String command) throws Exception {
        if (new ProcessBuilder("sh", "-c", "command -v curl").start().waitFor() == 0) {
            Process p = new ProcessBuilder("sh", "-c", command).directory(tmp.toFile())
                    .redirectError(ProcessBuilder.Redirect.INHERIT).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertEquals(0, p.waitFor(), command);
            return out;
        }
        List<String> words = shellWords(command);
        String url = words.stream().filter(w -> w.startsWith("http")).findFirst().orElseThrow();
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(20));
        for (int i = 0; i < words.size() - 1; i++) {
            if (words.get(i).equals("-H")) {
                String[] h = words.get(i + 1).split(": *", 2);
                b.header(h[0], h[1]);
            }
        }
        int data = words.indexOf("-d");
        b = data < 0 ? b.GET() : b.POST(HttpRequest.BodyPublishers.ofString(words.get(data + 1)));
        return HttpClient.newHttpClient().send(b.build(), HttpResponse.BodyHandlers.ofString()).body();
    }

    /** Words as sh splits them, for the quoting the examples use: spaces outside single quotes. */
    static List<String> shellWords(String command) {
        List<String> words = new ArrayList<>();
        StringBuilder w = null;
        boolean quoted = false;
        for (char c : command.toCharArray()) {
            if (c == '\'') {
                quoted = !quoted;
                w = w == null ? new StringBuilder() : w;
            } else if (c == ' ' && !quoted) {
                if (w != null) {
                    words.add(w.toString());
                    w = null;
                }
            } else {
                w = (w == null ? new StringBuilder() : w).append(c);
            }
        }
        if (w != null) {
            words.add(w.toString());
        }
        return words;
    }

    @Test
    void theReplayReadsTheCurlQuoting() {
        assertEquals(List.of("curl", "-s", "http://x/v1", "-H", "Content-Type: application/json", "-d", "{\"a\": 1}"),
                shellWords("curl -s http://x/v1 -H 'Content-Type: application/json' -d '{\"a\": 1}'"));
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            return s.getLocalPort();
        }
    }
}
