package dev.regrade.cli;

import dev.regrade.audit.inputs.BadInputException;
import dev.regrade.audit.inputs.Inputs;
import dev.regrade.judge.record.RecordingJudge;
import dev.regrade.judge.server.FakeJudgeConfig;
import dev.regrade.judge.server.FakeJudgeServer;
import dev.regrade.policies.Policies;
import dev.regrade.policies.World;
import java.io.PrintWriter;
import java.net.BindException;
import java.nio.file.Path;
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
                "Serve POST /v1/chat/completions on 127.0.0.1 until interrupted (Ctrl-C). Prints the base URL.",
                "Verification requests are ruled by the policy's or fixture's judge rules; extraction requests "
                    + "(response_format json_schema) get the policy's or fixture's record.",
                "With --record or --replay it serves a real judge instead: recorded (each request forwarded once to "
                    + "--upstream, its answer kept in DIR) or replayed from DIR with no network. A request is found by "
                    + "the SHA-256 of its body's canonical JSON and its X-Regrade-Vote header; no other header counts."
            },
            footer = {"", "Example:", "  ./regrade judge serve --port 8765 --policy hash",
                "  curl -s http://127.0.0.1:8765/v1/chat/completions -H 'Content-Type: application/json' \\",
                "    -d '{\"model\":\"o4-mini\",\"messages\":[{\"role\":\"user\",\"content\":\"...claim...\"}]}'",
                "", "Record a judge, then replay it offline; here the judge above, on 8765, stands in for a real",
                "one (for OpenAI: --upstream https://api.openai.com/v1, its key in $OPENAI_API_KEY):",
                "  ./regrade judge serve --port 8766 --record recording \\",
                "    --upstream http://127.0.0.1:8765/v1",
                "  ./regrade run --script gas_stations --policy hash --judge http \\",
                "    --judge-url http://127.0.0.1:8766/v1",
                "  ./regrade judge serve --port 8766 --replay recording",
                "On Ctrl-C, a recording or replaying judge prints its tally: the requests",
                "answered from DIR, forwarded upstream and recorded."})
    static final class Serve extends RegradeCommand {
        @Option(names = "--port", defaultValue = "0", description = "Port on 127.0.0.1 (0: a free one). Default: ${DEFAULT-VALUE}.")
        int port;

        @ArgGroup(exclusive = true)
        Input input;

        static final class Input {
            @Option(names = "--policy", paramLabel = "P", description = "Built-in policy (default: full).")
            String policy;

            @Option(names = "--fixture", paramLabel = "F", description = "A fixture JSON file.")
            Path fixture;
        }

        @Mixin
        RecordReplayOptions recordReplay;

        /** The reason, from WireMock's and Jetty's wrapped exceptions, without their class names. */
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
            RecordingJudge recording = recordReplay.judge(input != null);
            World world;
            String script;
            if (input != null && input.fixture != null) {
                var f = Inputs.fixture(input.fixture, null);
                world = f;
                script = f.script();
            } else {
                world = input != null && input.policy != null ? Inputs.policy(input.policy) : Policies.FULL;
                script = "any";
            }
            FakeJudgeServer server;
            try {
                // With a recording, the rules answer nothing: the recording judge answers every completion.
                server = new FakeJudgeServer(FakeJudgeConfig.defaults().withPort(port)
                        .withRules(world.verdictRules()).withExtractor(world.extractor(script)), recording).start();
            } catch (RuntimeException e) {
                throw new BadInputException("cannot listen on 127.0.0.1:" + port + ": " + whyNotBound(e));
            }
            CountDownLatch stopped = new CountDownLatch(1);
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
