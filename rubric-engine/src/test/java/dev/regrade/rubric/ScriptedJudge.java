package dev.regrade.rubric;

import dev.regrade.rubric.port.JudgeReply;
import dev.regrade.rubric.port.JudgeRequest;
import dev.regrade.rubric.port.Judge;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** A test judge: per-claim (or per claim and URL) vote queues, a default verdict, claims that raise. */
final class ScriptedJudge implements Judge {
    private final Map<String, Deque<Boolean>> votes = new HashMap<>();
    private final Set<String> raising = new HashSet<>();
    private final boolean defaultVerdict;
    final List<JudgeRequest> requests = new ArrayList<>();

    ScriptedJudge(boolean defaultVerdict) {
        this.defaultVerdict = defaultVerdict;
    }

    ScriptedJudge votes(String claim, Boolean... sequence) {
        votes.put(claim, new ArrayDeque<>(List.of(sequence)));
        return this;
    }

    ScriptedJudge urlVotes(String claim, String url, Boolean... sequence) {
        votes.put(claim + "\u0000" + url, new ArrayDeque<>(List.of(sequence)));
        return this;
    }

    ScriptedJudge raising(String claim) {
        raising.add(claim);
        return this;
    }

    @Override
    public JudgeReply judge(JudgeRequest request) {
        requests.add(request);
        if (raising.contains(request.claim())) {
            throw new IllegalStateException("scripted judge failure");
        }
        Deque<Boolean> q = request.url() == null ? null : votes.get(request.claim() + "\u0000" + request.url());
        if (q == null) {
            q = votes.get(request.claim());
        }
        boolean verdict = q == null || q.isEmpty() ? defaultVerdict : q.poll();
        return new JudgeReply("scripted", verdict);
    }
}
