package dev.regrade.audit.cli;

import dev.regrade.audit.inputs.BadInputException;
import dev.regrade.audit.inputs.Inputs;
import dev.regrade.judge.server.FakeJudgeConfig;
import dev.regrade.judge.server.FakeJudgeServer;
import dev.regrade.policies.Policies;
import dev.regrade.policies.World;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code regrade judge}: the fake judge on its own. */
@Command(name = "judge", mixinStandardHelpOptions = true,
        description = "The fake OpenAI-compatible judge, for any client.",
        subcommands = {JudgeCommand.Serve.class})
final class JudgeCommand implements Runnable {
    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    @Command(name = "serve", mixinStandardHelpOptions = true,
            description = {
                "Serve POST /v1/chat/completions on 127.0.0.1 until interrupted (Ctrl-C). Prints the base URL.",
                "Verification requests are ruled by the policy's or fixture's judge rules; extraction requests "
                    + "(response_format json_schema) get the policy's or fixture's record."
            },
            footer = {"", "Example:", "  ./regrade judge serve --port 8765 --policy hash",
                "  curl -s http://127.0.0.1:8765/v1/chat/completions -H 'Content-Type: application/json' \\",
                "    -d '{\"model\":\"o4-mini\",\"messages\":[{\"role\":\"user\",\"content\":\"...claim...\"}]}'"})
    static final class Serve implements Callable<Integer> {
        @Spec
        CommandSpec spec;

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

        @Override
        public Integer call() throws InterruptedException {
            PrintWriter out = spec.commandLine().getOut();
            PrintWriter err = spec.commandLine().getErr();
            World world;
            String script;
            try {
                if (port < 0 || port > 65535) {
                    throw new BadInputException("--port: expected 0 to 65535");
                }
                if (input != null && input.fixture != null) {
                    var f = Inputs.fixture(input.fixture, null);
                    world = f;
                    script = f.script();
                } else {
                    world = input != null && input.policy != null ? Inputs.policy(input.policy) : Policies.FULL;
                    script = "any";
                }
            } catch (BadInputException e) {
                err.println("regrade judge serve: " + e.getMessage());
                err.flush();
                return ExitCodes.BAD_INPUT;
            }
            FakeJudgeServer server;
            try {
                server = FakeJudgeServer.start(FakeJudgeConfig.defaults().withPort(port)
                        .withRules(world.verdictRules()).withExtractor(world.extractor(script)));
            } catch (RuntimeException e) {
                err.println("regrade judge serve: cannot start on 127.0.0.1:" + port + ": " + e.getMessage());
                err.flush();
                return ExitCodes.BAD_INPUT;
            }
            CountDownLatch stopped = new CountDownLatch(1);
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                server.stop();
                stopped.countDown();
            }, "regrade-judge-stop"));
            out.println(server.baseUrl());
            out.flush();
            err.println("regrade judge serve: " + world.kind() + " " + world.name() + " (" + world.verdictRules().describe()
                    + "); Ctrl-C to stop");
            err.flush();
            stopped.await();
            return ExitCodes.OK;
        }
    }
}
