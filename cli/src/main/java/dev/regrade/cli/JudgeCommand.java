package dev.regrade.cli;

import dev.regrade.api.BadInputException;
import dev.regrade.audit.inputs.Inputs;
import dev.regrade.judge.record.RecordingJudge;
import dev.regrade.judge.server.ChatResponder;
import dev.regrade.judge.server.FakeJudgeConfig;
import dev.regrade.judge.server.FakeJudgeServer;
import dev.regrade.policies.Fixture;
import dev.regrade.policies.Policies;
import dev.regrade.policies.World;
import dev.regrade.rubric.port.Extractor;
import dev.regrade.rubric.port.VerdictRules;
import dev.regrade.vereval.VerEvalResponder;
import dev.regrade.wearable.JudgeStyle;
import java.io.PrintWriter;
import java.net.BindException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code regrade judge}: the fake judge on its own. */
@Command(name = "judge", mixinStandardHelpOptions = true,
        description = "The fake OpenAI-compatible judge, for any client.",
        subcommands = {JudgeCommand.Serve.class})
final class JudgeCommand extends CommandGroup {
    @Command(name = "serve", mixinStandardHelpOptions = true,
            description = {
                "Serve the OpenAI chat completions API on 127.0.0.1 until interrupted (Ctrl-C): POST "
                    + "/v1/chat/completions (stream: true answers as server-sent events) and GET /v1/models. "
                    + "Prints the base URL. Any model name is served; no API key is needed.",
                "A Mind2Web 2 verification prompt (or the BinaryEvalResult schema) is ruled by the policy's or "
                    + "fixture's judge rules; any other json_schema response format is an extraction, answered "
                    + "with the fixture's record (by extraction name, or by template name when one extraction "
                    + "uses it) or derived from the JSON schema by the policy; VerEval's stage prompts get "
                    + "{score, reason} and the wearable ConvQA judge prompt a score in --reply-style, both ruled "
                    + "on the candidate answer; any other prompt gets a reply derived from the prompt. Regrade's "
                    + "X-Regrade-* headers are optional.",
                "With --record or --replay it serves a real judge instead: recorded (each request forwarded once to "
                    + "--upstream, its answer kept in DIR) or replayed from DIR with no network. A request is found by "
                    + "its body as JSON (members in any order) and its X-Regrade-Vote header; no other header counts. "
                    + "DIR is in WireMock's layout (mappings/, __files/): a plain WireMock replays it too."
            },
            // A test runs these examples as written (JudgeExamplesTest); the README shows the same.
            footer = {"", "Examples:",
                "  ./regrade judge serve --port 8765 --policy hash",
                "then, in another shell:",
                "  curl -s http://127.0.0.1:8765/v1/chat/completions \\",
                "    -H 'Content-Type: application/json' \\",
                "    -d '{\"model\":\"o4-mini\",\"messages\":[{\"role\":\"user\",\"content\":\"Say hi\"}]}'",
                "  curl -s http://127.0.0.1:8765/v1/models",
                "  ./regrade subjects generate --out demo",
                "  ./regrade vereval --backend openai --model fake-judge \\",
                "    --base-url http://127.0.0.1:8765/v1 --output demo/run \\",
                "    --benchmark demo/vereval/test.json \\",
                "    --predictions demo/vereval/predictions.jsonl",
                "Record a judge, then replay it offline (the judge above stands in for a real",
                "one; for OpenAI: --upstream https://api.openai.com/v1, key in $OPENAI_API_KEY):",
                "  ./regrade judge serve --port 8766 --record recording \\",
                "    --upstream http://127.0.0.1:8765/v1",
                "  ./regrade run --script ikea_shopping_list --policy hash --judge http \\",
                "    --judge-url http://127.0.0.1:8766/v1",
                "  ./regrade judge serve --port 8766 --replay recording",
                "On Ctrl-C, a recording or replaying judge prints its tally: the requests",
                "answered from DIR, forwarded upstream and recorded."})
    static final class Serve extends RegradeCommand {
        @Option(names = "--port", defaultValue = "0", description = "Port on 127.0.0.1 (0: a free one). Default: ${DEFAULT-VALUE}.")
        int port;

        @ArgGroup(exclusive = true)
        Input input;

        @Option(names = "--reply-style", defaultValue = "plain", paramLabel = "STYLE",
                description = "How the ConvQA judge's score is written: plain (0.5), bold (**1.0**), quoted, bracketed, "
                        + "fraction (0.5/1.0), decimal-comma, leading-point (.5), preamble (... Score: 0.5), truncated, "
                        + "out-of-range (0-10), rating (Rating: 5 out of 5); a request whose model is "
                        + "wearable-judge-STYLE gets that style. Default: ${DEFAULT-VALUE}.")
        String replyStyle;

        static final class Input {
            @Option(names = "--policy", paramLabel = "P", description = "Built-in policy (default: full).")
            String policy;

            @Option(names = "--fixture", paramLabel = "F", description = "A fixture JSON file.")
            Path fixture;
        }

        /**
         * The fake judge as this command serves it (on a free port): the input's rules and extractor,
         * VerEval's stage judge, then the ConvQA judge in {@code style}, then the fallback reply.
         */
        static FakeJudgeConfig config(VerdictRules rules, Extractor extractor, JudgeStyle style) {
            ChatResponder chat = new VerEvalResponder().orElse(JudgeStyle.ruledResponder(style));
            return FakeJudgeConfig.defaults().withRules(rules).withExtractor(extractor).withResponder(chat);
        }

        @Mixin
        RecordReplayOptions recordReplay;

        /** The reason, from the server's wrapped exceptions, without their class names. */
        private static String whyNotBound(Throwable e) {
            Throwable root = e;
            for (Throwable t = e; t != null; t = t.getCause()) {
                if (t instanceof BindException || String.valueOf(t.getMessage()).contains("Failed to bind")) {
                    return "the port is in use (choose another, or --port 0 for a free one)";
                }
                root = t;
            }
            return root.getMessage() == null ? "the server did not start" : root.getMessage();
        }

        @Override
        int execute() throws InterruptedException {
            PrintWriter out = out();
            PrintWriter err = err();
            if (port < 0 || port > 65535) {
                throw new BadInputException("--port: expected 0 to 65535");
            }
            JudgeStyle style = JudgeStyle.bySlug(replyStyle);
            if (style == null) {
                throw new BadInputException("--reply-style: unknown style '" + replyStyle + "' (known: "
                        + String.join(", ", Arrays.stream(JudgeStyle.values()).map(JudgeStyle::slug).toList()) + ")");
            }
            RecordingJudge recording = recordReplay.judge(input != null);
            World world;
            Extractor extractor;
            if (input != null && input.fixture != null) {
                Fixture f = Inputs.fixture(input.fixture, null);
                world = f;
                extractor = f.extractor(Inputs.script(f.script()).declaration());
            } else {
                world = input != null && input.policy != null ? Inputs.policy(input.policy) : Policies.FULL;
                extractor = world.extractor("any");
            }
            FakeJudgeServer server;
            try {
                // With a recording, the rules answer nothing: the recording judge answers every completion.
                server = new FakeJudgeServer(config(world.verdictRules(), extractor, style).withPort(port), recording)
                        .start();
            } catch (RuntimeException e) {
                throw new BadInputException("cannot listen on 127.0.0.1:" + port + ": " + whyNotBound(e));
            }
            CountDownLatch stopped = new CountDownLatch(1);
            Interruption.finished(); // a server ends by a signal: its own hook below says what it did
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                server.stop();
                if (recording != null) {
                    err.println(prefix() + recording.journal().describe());
                    err.flush();
                }
                stopped.countDown();
            }, "regrade-judge-stop"));
            out.println(server.baseUrl());
            out.flush();
            err.println(prefix() + (recording != null ? recording.describe() : world.kind() + " " + world.name() + " ("
                    + world.verdictRules().describe() + ")") + "; Ctrl-C to stop");
            err.flush();
            stopped.await();
            return ExitCodes.OK;
        }
    }
}
