package dev.regrade.audit.python;

import java.util.concurrent.TimeUnit;

/** Whether {@code python3} runs here (the driver's tests need one; CI has it). */
final class PythonSetupProbe {
    private PythonSetupProbe() {
    }

    static boolean python3() {
        try {
            Process p = new ProcessBuilder("python3", "-c", "import pydantic").redirectErrorStream(true).start();
            p.getInputStream().readAllBytes();
            return p.waitFor(60, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (java.io.IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
