package dev.regrade.cli;

import dev.regrade.api.BadInputException;
import dev.regrade.judge.client.ApiKey;
import dev.regrade.judge.client.HttpJudgeConfig;
import dev.regrade.judge.record.RecordingException;
import dev.regrade.judge.record.RecordingJudge;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/** {@code judge serve}'s options for recording a real judge and replaying it. */
final class RecordReplayOptions {
    @Option(names = "--record", paramLabel = "DIR",
            description = "Record a real judge: answer each request from DIR when it was recorded, else forward it to "
                    + "--upstream and record the answer (a new, empty or recording directory; anything else is "
                    + "refused).")
    Path record;

    @Option(names = "--upstream", paramLabel = "URL",
            description = "With --record: the real OpenAI-compatible base URL (…/v1) to forward to; retried as "
                    + "Mind2Web 2's client does (timeouts, 429 and 5xx twice); a failure is passed on, never recorded.")
    String upstream;

    @Option(names = "--upstream-api-key-env", defaultValue = "OPENAI_API_KEY", paramLabel = "VAR",
            description = "With --record: the environment variable holding the upstream's API key, sent upstream "
                    + "only, never written to DIR or printed. Default: ${DEFAULT-VALUE}.")
    String upstreamApiKeyEnv;

    @Option(names = "--replay", paramLabel = "DIR",
            description = "Answer from the recording in DIR with no network; a request that was not recorded gets "
                    + "HTTP 404 naming its digest, never a made-up verdict.")
    Path replay;

    /**
     * The recording judge these options ask for, or null for the fake judge's own rules.
     *
     * @param rulesChosen true when --policy or --fixture was given, which a recording does not use
     */
    RecordingJudge judge(boolean rulesChosen) {
        if (record != null && replay != null) {
            throw new BadInputException("--record and --replay: choose one");
        }
        if (record == null && upstream != null) {
            throw new BadInputException("--upstream is for --record (a replay makes no upstream request)");
        }
        if (record == null && replay == null) {
            return null;
        }
        if (rulesChosen) {
            throw new BadInputException("--policy and --fixture set the fake judge's rules; with --"
                    + (record != null ? "record" : "replay") + " the answers come from "
                    + (record != null ? "the upstream" : "the recording"));
        }
        try {
            if (replay != null) {
                return RecordingJudge.replay(replay);
            }
            if (upstream == null) {
                throw new BadInputException("--record needs --upstream URL, the real judge to record");
            }
            HttpJudgeConfig config;
            try {
                config = HttpJudgeConfig.of(upstream).withApiKey(ApiKey.fromEnv(upstreamApiKeyEnv, System::getenv));
            } catch (IllegalArgumentException e) {
                throw new BadInputException("--upstream: " + e.getMessage());
            }
            return RecordingJudge.record(record, config);
        } catch (RecordingException e) {
            throw new BadInputException(e.getMessage());
        }
    }
}
