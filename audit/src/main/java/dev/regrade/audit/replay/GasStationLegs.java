package dev.regrade.audit.replay;

import com.fasterxml.jackson.databind.JsonNode;
import dev.regrade.audit.replay.RoundedBox.Condition;
import dev.regrade.audit.replay.RoundedBox.Quantity;
import dev.regrade.rubric.Status;
import dev.regrade.rubric.json.ResultNode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a stored gas_stations result says about the maps tool's answers after the first (each station's
 * legs), and every comparison the script makes on them: the model {@link RoundedReplay} decides the
 * after-score with. A leg the tool answered is an unknown whole number of metres (the Distance Matrix
 * API's {@code distance.value}), known only through the descriptions that render it, or sums of legs, to
 * 0.1 mile; a leg it refused shows its error text exactly (or, for a station before the last, only as
 * "Unable to compute total route distance", where the text is shown nowhere in either variant).
 *
 * <p>The calls, in the script's order (gas_stations.py, {@code verify_gas_station_route}): the direct
 * Atlanta → Los Angeles distance ({@link StoredDistances}; a tree exists only when it failed and the
 * fallback 2182 miles was used, since a float distance makes the station slice raise), then for each of
 * the first {@code 2182 // 290 = 7} extracted stations, padded to {@code 2182 // 510 = 4}: the leg from the
 * previous address when both addresses are non-empty, then the leg to Los Angeles when the station has an
 * address. The comparisons on legs (all of them; the rest of the tree does not depend on a leg):
 * {@code station_i_distance_check} passes when the previous leg is within 290–510 miles and, for the last
 * station, the leg to Los Angeles is within 290–510 (released) or at most 510 (fixed);
 * {@code station_i_detour_limit} passes when the legs so far plus the leg to Los Angeles are at most
 * {@code 2182 * 1.05} miles. Every leg-dependent quantity (a leg's miles, the running sum, the total, the
 * detour percentage) is non-decreasing in every leg, as {@link RoundedBox} requires.
 */
final class GasStationLegs {
    static final String TASK = "gas_stations";
    private static final double METERS_PER_MILE = 1609.34;
    private static final double DIRECT = 2182; // the script's fallback when the direct lookup fails
    private static final double MAX_TOTAL = DIRECT * (1 + 5 / 100.0);
    private static final int MIN_MILES = 290;
    private static final int MAX_MILES = 510;
    private static final String EXTRACTION = "gas_stations_extraction";
    private static final String UNSHOWN = "(the maps tool's error: not stored, and shown nowhere)";
    private static final Pattern PREV = Pattern.compile("^Previous segment: (-?\\d+\\.\\d) miles \\(allowed 290-510\\)");
    private static final Pattern PREV_ERR = Pattern.compile("^Previous segment unavailable \\((.*)\\)$", Pattern.DOTALL);
    private static final Pattern END = Pattern.compile("Station to Los Angeles: (-?\\d+\\.\\d) miles \\(allowed 290-510\\)$");
    private static final Pattern END_ERR = Pattern.compile("Station to Los Angeles unavailable \\((.*)\\)$", Pattern.DOTALL);
    private static final Pattern DETOUR = Pattern.compile("^Start\u2192Station distance: (-?\\d+\\.\\d) miles; "
            + "Station\u2192Los Angeles: (-?\\d+\\.\\d) miles; Total: (-?\\d+\\.\\d) miles \\(detour (-?\\d+\\.\\d)% vs\\. 5% limit\\)$");

    /** A maps call after the first: its fixed answer (an error text), or the unknown it is. */
    record Call(String from, String to, String error, int unknown) {
    }

    /** The leg-dependent nodes of one variant: node id → the conditions that all hold when it passes (null: never). */
    record Nodes(Map<String, List<Condition>> conjunctions) {
    }

    final List<Call> calls;
    final RoundedBox box;
    /** What the stored tree states: renderings, and the conditions of every passed node. */
    final List<Condition> facts;
    /** The before-variant's failed leg-dependent nodes: one of their conditions fails. */
    final List<List<Condition>> failed;
    final Nodes before;
    final Nodes after;

    private GasStationLegs(List<Call> calls, RoundedBox box, List<Condition> facts, List<List<Condition>> failed,
                           Nodes before, Nodes after) {
        this.calls = calls;
        this.box = box;
        this.facts = facts;
        this.failed = failed;
        this.before = before;
        this.after = after;
    }

    /** The model of a stored result, or why the tree cannot be read as one (the replay is then skipped). */
    static Result<GasStationLegs> of(StoredResult stored, boolean beforeFixed, boolean afterFixed) {
        JsonNode extraction = null;
        for (JsonNode r : stored.info()) {
            if (r.has(EXTRACTION)) {
                extraction = r.get(EXTRACTION);
                break;
            }
        }
        if (extraction == null || !extraction.path("stations").isArray()) {
            return Result.problem("no " + EXTRACTION + " record with a stations list");
        }
        List<String> addresses = new ArrayList<>();
        for (JsonNode s : extraction.get("stations")) {
            if (addresses.size() == 7) {
                break; // stations[:2182 // 290]
            }
            addresses.add(s.path("address").isTextual() ? s.get("address").textValue() : null);
        }
        while (addresses.size() < 4) {
            addresses.add(null); // padded to 2182 // 510 with placeholder stations
        }
        Map<String, ResultNode> nodes = new HashMap<>();
        index(stored.tree(), nodes);

        List<String> names = new ArrayList<>();
        List<Call> calls = new ArrayList<>();
        List<Condition> facts = new ArrayList<>();
        Map<Integer, Quantity> prevMiles = new HashMap<>();
        Map<Integer, Quantity> endMiles = new HashMap<>();
        String previous = "Atlanta, GA";
        int n = addresses.size();
        for (int i = 1; i <= n; i++) {
            String address = addresses.get(i - 1);
            boolean last = i == n;
            ResultNode check = nodes.get("station_" + i + "_distance_check");
            ResultNode detour = nodes.get("station_" + i + "_detour_limit");
            if (check == null || detour == null) {
                return Result.problem("no node station_" + i + "_distance_check or _detour_limit");
            }
            String checkDesc = check.desc();
            String prevPart = last && checkDesc.contains("; Station to Los Angeles")
                    ? checkDesc.substring(0, checkDesc.lastIndexOf("; Station to Los Angeles")) : checkDesc;
            if (truthy(previous) && truthy(address)) {
                Matcher m = PREV.matcher(prevPart);
                Matcher e = PREV_ERR.matcher(prevPart);
                if (m.find()) {
                    int k = names.size();
                    names.add("station " + i + "'s previous leg");
                    calls.add(new Call(previous, address, null, k));
                    Quantity q = leg(k);
                    prevMiles.put(i, q);
                    facts.add(new Condition(check.id() + " shows the previous leg as " + m.group(1) + " miles", q,
                            RoundedBox.renders(m.group(1), 1), null));
                } else if (e.matches()) {
                    calls.add(new Call(previous, address, e.group(1), -1));
                } else {
                    return Result.problem(check.id() + ": no previous leg in \"" + checkDesc + "\"");
                }
            }
            if (truthy(address)) {
                String error = null;
                Quantity q = null;
                int k = names.size();
                if (last) {
                    Matcher m = END.matcher(checkDesc);
                    Matcher e = END_ERR.matcher(checkDesc);
                    if (m.find()) {
                        q = leg(k);
                        facts.add(new Condition(check.id() + " shows the leg to Los Angeles as " + m.group(1) + " miles",
                                q, RoundedBox.renders(m.group(1), 1), null));
                    } else if (e.find()) {
                        error = e.group(1);
                    } else {
                        return Result.problem(check.id() + ": no leg to Los Angeles in \"" + checkDesc + "\"");
                    }
                }
                Matcher d = DETOUR.matcher(detour.desc());
                if (d.matches()) {
                    if (error != null) {
                        return Result.problem(detour.id() + " shows a leg to Los Angeles that " + check.id() + " does not");
                    }
                    q = q != null ? q : leg(k);
                    facts.add(new Condition(detour.id() + " shows the leg to Los Angeles as " + d.group(2) + " miles", q,
                            RoundedBox.renders(d.group(2), 1), null));
                } else if (!detour.desc().equals("Unable to compute total route distance")) {
                    return Result.problem(detour.id() + ": \"" + detour.desc() + "\" is no detour description");
                } else if (q == null && error == null) {
                    // No total: the legs so far are incomplete, or this leg was refused; its text is shown nowhere.
                    error = UNSHOWN;
                }
                if (q != null) {
                    names.add("station " + i + "'s leg to Los Angeles");
                    endMiles.put(i, q);
                    calls.add(new Call(address, "Los Angeles, CA", null, k));
                } else {
                    calls.add(new Call(address, "Los Angeles, CA", error, -1));
                }
            }
            previous = truthy(address) ? address : null;
        }

        // The running sums, totals and detours, as the script computes them, and what the detour nodes show.
        Map<Integer, Quantity> cumulative = new HashMap<>();
        Quantity sum = m -> 0.0;
        boolean sumKnown = true;
        for (int i = 1; i <= n; i++) {
            Quantity p = prevMiles.get(i);
            if (p == null) {
                sumKnown = false;
            }
            if (sumKnown) {
                Quantity before = sum;
                sum = m -> before.at(m) + p.at(m);
                cumulative.put(i, sum);
            }
            ResultNode detour = nodes.get("station_" + i + "_detour_limit");
            Matcher d = DETOUR.matcher(detour.desc());
            Quantity e = endMiles.get(i);
            Quantity c = cumulative.get(i);
            if (d.matches()) {
                if (c == null || e == null) {
                    return Result.problem(detour.id() + " shows a total the legs cannot have");
                }
                Quantity total = m -> c.at(m) + e.at(m);
                Quantity percent = m -> ((total.at(m) - DIRECT) / DIRECT) * 100;
                facts.add(new Condition(detour.id() + " shows the legs so far as " + d.group(1) + " miles", c,
                        RoundedBox.renders(d.group(1), 1), null));
                facts.add(new Condition(detour.id() + " shows the total as " + d.group(3) + " miles", total,
                        RoundedBox.renders(d.group(3), 1), null));
                facts.add(new Condition(detour.id() + " shows the detour as " + d.group(4) + "%", percent,
                        RoundedBox.renders(d.group(4), 1), null));
            }
        }

        long[] lo = new long[names.size()];
        long[] hi = new long[names.size()];
        java.util.Arrays.fill(lo, 0L);
        java.util.Arrays.fill(hi, Math.round(100_000 * METERS_PER_MILE)); // narrowed by the renderings below
        RoundedBox box = new RoundedBox(names, lo, hi);
        Nodes beforeNodes = nodes(n, prevMiles, endMiles, cumulative, beforeFixed);
        Nodes afterNodes = nodes(n, prevMiles, endMiles, cumulative, afterFixed);
        List<List<Condition>> failed = new ArrayList<>();
        for (Map.Entry<String, List<Condition>> e : beforeNodes.conjunctions().entrySet()) {
            ResultNode node = nodes.get(e.getKey());
            if (node.status() == Status.PASSED) {
                if (e.getValue() == null) {
                    return Result.problem(node.id() + " passed although a leg it needs is unavailable");
                }
                facts.addAll(e.getValue());
            } else if (node.status() == Status.FAILED) {
                if (e.getValue() != null) {
                    failed.add(e.getValue());
                }
            } else {
                return Result.problem(node.id() + " has status " + node.status().value() + ", neither passed nor failed");
            }
        }
        return Result.of(new GasStationLegs(List.copyOf(calls), box, facts, failed, beforeNodes, afterNodes));
    }

    /** The leg-dependent nodes of a variant and the conditions under which each passes. */
    private static Nodes nodes(int n, Map<Integer, Quantity> prev, Map<Integer, Quantity> end,
                               Map<Integer, Quantity> cumulative, boolean fixed) {
        Map<String, List<Condition>> out = new LinkedHashMap<>();
        for (int i = 1; i <= n; i++) {
            boolean last = i == n;
            Quantity p = prev.get(i);
            Quantity e = end.get(i);
            List<Condition> check = null;
            if (p != null && (!last || e != null)) {
                check = new ArrayList<>();
                check.add(new Condition("station " + i + "'s previous leg ≥ " + MIN_MILES + " miles", p,
                        RoundedBox.atLeast(MIN_MILES), RoundedBox.below(MIN_MILES)));
                check.add(new Condition("station " + i + "'s previous leg ≤ " + MAX_MILES + " miles", p,
                        RoundedBox.atMost(MAX_MILES), RoundedBox.above(MAX_MILES)));
                if (last) {
                    if (!fixed) {
                        check.add(new Condition("station " + i + "'s leg to Los Angeles ≥ " + MIN_MILES + " miles", e,
                                RoundedBox.atLeast(MIN_MILES), RoundedBox.below(MIN_MILES)));
                    }
                    check.add(new Condition("station " + i + "'s leg to Los Angeles ≤ " + MAX_MILES + " miles", e,
                            RoundedBox.atMost(MAX_MILES), RoundedBox.above(MAX_MILES)));
                }
            }
            out.put("station_" + i + "_distance_check", check);
            Quantity c = cumulative.get(i);
            List<Condition> detour = null;
            if (c != null && e != null) {
                Quantity total = m -> c.at(m) + e.at(m);
                detour = List.of(new Condition("station " + i + "'s route total ≤ " + MAX_TOTAL + " miles", total,
                        RoundedBox.atMost(MAX_TOTAL), RoundedBox.above(MAX_TOTAL)));
            }
            out.put("station_" + i + "_detour_limit", detour);
        }
        return new Nodes(out);
    }

    /** Unknown {@code k}'s miles: {@code metres / METERS_PER_MILE}, as the script divides. */
    private static Quantity leg(int k) {
        return m -> m[k] / METERS_PER_MILE;
    }

    /** The answers of the calls after the first at the metres {@code m}: an Integer, or the error text. */
    List<Object> answers(long[] m) {
        List<Object> out = new ArrayList<>();
        for (Call c : calls) {
            out.add(c.unknown() >= 0 ? (Object) Math.toIntExact(m[c.unknown()]) : c.error());
        }
        return out;
    }

    /**
     * Narrows {@code b} by the stored facts, and by every failed node whose conditions all but one hold over
     * the box (that one then fails), until nothing changes; false when no assignment is left.
     */
    boolean narrow(RoundedBox b, List<Condition> extra) {
        return required(b, extra) != null;
    }

    /**
     * Narrows {@code b} as {@link #narrow} does; returns every condition the stored tree (and {@code extra})
     * requires, the negations of the failed nodes' deciding conditions included, or null when none is left.
     */
    List<Condition> required(RoundedBox b, List<Condition> extra) {
        List<Condition> required = new ArrayList<>(facts);
        required.addAll(extra);
        java.util.Set<String> negatedAlready = new java.util.HashSet<>();
        for (int round = 0; round < 16; round++) {
            if (!b.require(required)) {
                return null;
            }
            boolean added = false;
            java.util.Set<String> known = new java.util.HashSet<>();
            required.forEach(c -> known.add(c.name()));
            for (List<Condition> conj : failed) {
                if (conj.stream().anyMatch(c -> known.contains("not " + c.name()) || Boolean.FALSE.equals(b.decided(c)))) {
                    continue; // its failure is explained
                }
                List<Condition> open = conj.stream()
                        .filter(c -> !known.contains(c.name()) && !Boolean.TRUE.equals(b.decided(c))).toList();
                if (open.isEmpty()) {
                    return null; // every condition holds: the node would have passed
                }
                if (open.size() == 1 && open.get(0).negated() != null && negatedAlready.add(open.get(0).name())) {
                    required.add(open.get(0).negated());
                    known.add("not " + open.get(0).name());
                    added = true;
                }
            }
            if (!added) {
                return required;
            }
        }
        return b.require(required) ? required : null;
    }

    /** The outcome of {@code c} over {@code b} given what {@code required} states, or null when open. */
    static Boolean outcome(RoundedBox b, List<Condition> required, Condition c) {
        for (Condition r : required) {
            if (r.name().equals(c.name())) {
                return true;
            }
            if (r.name().equals("not " + c.name())) {
                return false;
            }
        }
        return b.decided(c);
    }

    private static void index(ResultNode node, Map<String, ResultNode> out) {
        out.putIfAbsent(node.id(), node);
        node.children().forEach(c -> index(c, out));
    }

    private static boolean truthy(String s) {
        return s != null && !s.isEmpty();
    }

    /** A value, or why there is none. */
    record Result<T>(T value, String problem) {
        static <T> Result<T> of(T value) {
            return new Result<>(value, null);
        }

        static <T> Result<T> problem(String problem) {
            return new Result<>(null, problem);
        }

        Optional<T> get() {
            return Optional.ofNullable(value);
        }
    }
}
