package dev.regrade.audit.python;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.regrade.judge.server.FakeJudgeConfig;
import dev.regrade.judge.server.FakeJudgeServer;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The fake judge of a test class that runs the Python driver ({@code @RegisterExtension static final
 * PythonJudge JUDGE = new PythonJudge();}): the class is skipped where no {@code python3} with pydantic
 * runs, else one server serves all its tests and is stopped after them.
 */
final class PythonJudge implements BeforeAllCallback, AfterAllCallback {
    private FakeJudgeServer server;

    @Override
    public void beforeAll(ExtensionContext context) {
        assumeTrue(PythonSetupProbe.python3(), "no python3 with pydantic on PATH: the driver's tests need one");
        server = FakeJudgeServer.start(FakeJudgeConfig.defaults());
    }

    @Override
    public void afterAll(ExtensionContext context) {
        if (server != null) {
            server.stop();
            server = null;
        }
    }

    /** The running server (a runner's lanes are taken from it). */
    FakeJudgeServer server() {
        if (server == null) {
            throw new IllegalStateException("the fake judge is not running: register PythonJudge as a static extension");
        }
        return server;
    }
}
