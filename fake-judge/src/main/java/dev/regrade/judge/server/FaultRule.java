package dev.regrade.judge.server;

import dev.regrade.rubric.port.VerdictRules;
import java.util.Arrays;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

/**
 * When the fake judge applies one fault. A request matches when every given condition holds: its
 * number is among {@code requestNumbers} (1 = the first request received since the faults were
 * put in place; empty = any number), its claim matches {@code claimPattern} (a substring, or
 * {@code /regex/} found anywhere, as in the verdict rules' reject list; null = any request, and a
 * pattern never matches an extraction, which has no claim) and its kind is {@code kind} (null =
 * any). With {@code times} K &gt; 0 the fault is one-shot: it applies to the first K matching
 * requests only, so retry-then-success can be tested; 0 means every matching request.
 * Immutable; each {@code withX} returns a copy.
 */
public record FaultRule(FaultKind fault, Set<Integer> requestNumbers, String claimPattern, RequestKind kind,
                        int times) {
    public FaultRule {
        Objects.requireNonNull(fault, "fault");
        requestNumbers = java.util.Collections.unmodifiableSet(new TreeSet<>(requestNumbers));
        for (int n : requestNumbers) {
            if (n < 1) {
                throw new IllegalArgumentException("request numbers start at 1, got " + n);
            }
        }
        if (times < 0) {
            throw new IllegalArgumentException("times must be 0 (always) or a positive count, got " + times);
        }
        if (claimPattern != null) {
            VerdictRules.pattern(claimPattern);
        }
    }

    /** The fault on every request. */
    public static FaultRule always(FaultKind fault) {
        return new FaultRule(fault, Set.of(), null, null, 0);
    }

    /** The fault on the requests with these numbers (1-based, counted since the faults were put in place). */
    public static FaultRule onRequests(FaultKind fault, Integer... numbers) {
        return new FaultRule(fault, new TreeSet<>(Arrays.asList(numbers)), null, null, 0);
    }

    /** The fault on verifications whose claim matches a substring or {@code /regex/}. */
    public static FaultRule onClaim(FaultKind fault, String pattern) {
        return new FaultRule(fault, Set.of(), Objects.requireNonNull(pattern, "pattern"), null, 0);
    }

    /** This rule, applied to the first {@code k} matching requests only (0: every matching request). */
    public FaultRule withTimes(int k) {
        return new FaultRule(fault, requestNumbers, claimPattern, kind, k);
    }

    /** This rule, restricted to one kind of request. */
    public FaultRule withKind(RequestKind value) {
        return new FaultRule(fault, requestNumbers, claimPattern, value, times);
    }

    /** True when a request with this number, kind and claim (null for an extraction) matches. */
    public boolean matches(int requestNumber, RequestKind requestKind, String claim) {
        if (!requestNumbers.isEmpty() && !requestNumbers.contains(requestNumber)) {
            return false;
        }
        if (kind != null && kind != requestKind) {
            return false;
        }
        return claimPattern == null || claim != null && VerdictRules.pattern(claimPattern).matcher(claim).find();
    }
}
