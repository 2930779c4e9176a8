package dev.regrade.rubric;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.regrade.pycompat.PyAttributeError;
import dev.regrade.pycompat.PyTextwrap;
import dev.regrade.pycompat.PyValueError;
import dev.regrade.pycompat.PyWhitespace;
import dev.regrade.rubric.port.ExtractionRequest;
import dev.regrade.rubric.port.JudgeReply;
import dev.regrade.rubric.port.JudgeRequest;
import dev.regrade.rubric.port.Page;
import dev.regrade.rubric.port.PromptDigest;
import dev.regrade.rubric.template.Template;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The original's {@code Evaluator}: builds the rubric tree, runs extractions and verifications
 * through the ports, and writes the summary. One instance per evaluated answer; not thread-safe.
 *
 * <p>Where a method takes a {@code parent}, {@code null} means "no parent given", which attaches
 * the node to the root as the original does. A port reproducing a call whose parent keyword was
 * misspelt (and so silently ignored by the original) passes {@code null} there.
 */
public final class Evaluator {
    /** Pages longer than this are shortened before they reach a prompt, as the original does. */
    static final int MAX_TEXT_CHARS = 400_000;
    private static final String TRUNCATION_PLACEHOLDER = "… [CONTENT TRUNCATED]";
    private static final Pattern MARKDOWN_ESCAPE = Pattern.compile("\\\\([_()\\[\\]*#!&?])");

    private final EvaluationContext context;
    private Node root;
    private String taskId;
    private String taskDescription;
    private final Set<String> usedIds = new HashSet<>();
    private final Map<String, String> leafParent = new HashMap<>();
    private final List<JsonNode> extractions = new ArrayList<>();
    private final List<JsonNode> groundTruths = new ArrayList<>();
    private final List<JsonNode> customInfos = new ArrayList<>();
    private final List<JudgeCall> journal = new ArrayList<>();
    /** The node of the verify call under way, for the journal (per-URL sub-checks run without it). */
    private String checkedNodeId;

    public Evaluator(EvaluationContext context) {
        this.context = context;
    }

    // ------------------------------------------------------------------ tree building

    /**
     * The original's {@code initialize}: creates the non-critical root with id {@code root} and
     * the task description (default {@code "Evaluation for <task_id>"}).
     */
    public Node initialize(String taskId, Strategy strategy, String taskDescription) {
        this.taskId = taskId;
        this.taskDescription = taskDescription != null ? taskDescription : "Evaluation for " + taskId;
        this.root = Node.of("root", this.taskDescription, false, strategy);
        usedIds.add("root");
        return root;
    }

    public Node root() {
        return root;
    }

    public String taskId() {
        return taskId;
    }

    public String taskDescription() {
        return taskDescription;
    }

    public EvaluationContext context() {
        return context;
    }

    /** {@code add_custom_node(result, id, desc)}: critical by default, as in the original. */
    public Node addCustomNode(boolean result, String id, String desc) {
        return addCustomNode(result, id, desc, null, true);
    }

    /** {@code add_custom_node(result, id, desc, parent)}: critical by default, as in the original. */
    public Node addCustomNode(boolean result, String id, String desc, Node parent) {
        return addCustomNode(result, id, desc, parent, true);
    }

    /** {@code add_custom_node(result, id, desc, parent, critical)}: a decided leaf, passed or failed. */
    public Node addCustomNode(boolean result, String id, String desc, Node parent, boolean critical) {
        String unique = uniqueId(id);
        Node node = new Node(unique, desc, critical, result ? 1.0 : 0.0, result ? Status.PASSED : Status.FAILED,
                Strategy.PARALLEL);
        parentOrRoot(parent).addNode(node);
        return node;
    }

    public Node addParallel(String id, String desc) {
        return addParallel(id, desc, null, false);
    }

    public Node addParallel(String id, String desc, Node parent) {
        return addParallel(id, desc, parent, false);
    }

    /** {@code add_parallel(id, desc, parent, critical=...)}. */
    public Node addParallel(String id, String desc, Node parent, boolean critical) {
        return addContainer(id, desc, parent, critical, Strategy.PARALLEL);
    }

    public Node addSequential(String id, String desc) {
        return addSequential(id, desc, null, false);
    }

    public Node addSequential(String id, String desc, Node parent) {
        return addSequential(id, desc, parent, false);
    }

    /** {@code add_sequential(id, desc, parent, critical=...)}. */
    public Node addSequential(String id, String desc, Node parent, boolean critical) {
        return addContainer(id, desc, parent, critical, Strategy.SEQUENTIAL);
    }

    private Node addContainer(String id, String desc, Node parent, boolean critical, Strategy strategy) {
        String unique = uniqueId(id);
        Node node = Node.of(unique, desc, critical, strategy);
        parentOrRoot(parent).addNode(node);
        return node;
    }

    public Node addLeaf(String id, String desc) {
        return addLeaf(id, desc, null, false);
    }

    public Node addLeaf(String id, String desc, Node parent) {
        return addLeaf(id, desc, parent, false);
    }

    public Node addLeaf(String id, String desc, Node parent, boolean critical) {
        return addLeaf(id, desc, parent, critical, 0.0, Status.INITIALIZED);
    }

    /** {@code add_leaf(...)}: score must be 0.0 or 1.0, status passed, failed, skipped or initialized. */
    public Node addLeaf(String id, String desc, Node parent, boolean critical, double score, Status status) {
        String unique = uniqueId(id);
        if (score != 0.0 && score != 1.0) {
            throw new PyValueError("Leaf nodes must have binary scores (0.0 or 1.0), got " + score);
        }
        if (status == Status.PARTIAL) {
            throw new PyValueError("Invalid leaf status 'partial', must be one of {'passed', 'failed', 'skipped', 'initialized'}");
        }
        Node node = new Node(unique, desc, critical, score, status, Strategy.PARALLEL);
        Node p = parentOrRoot(parent);
        p.addNode(node);
        leafParent.put(unique, p.id());
        return node;
    }

    private Node parentOrRoot(Node parent) {
        if (parent != null) {
            return parent;
        }
        if (root == null) {
            throw new PyAttributeError("'NoneType' object has no attribute 'add_node'");
        }
        return root;
    }

    /** The original's {@code _generate_unique_id}: the base id, else the first free {@code base_N}. */
    private String uniqueId(String base) {
        if (usedIds.add(base)) {
            return base;
        }
        int counter = 1;
        while (usedIds.contains(base + "_" + counter)) {
            counter++;
        }
        String unique = base + "_" + counter;
        usedIds.add(unique);
        return unique;
    }

    // ------------------------------------------------------------------ info

    /** {@code add_ground_truth(info)} with the default type {@code ground_truth}. */
    public void addGroundTruth(Object info) {
        addGroundTruth(info, "ground_truth");
    }

    /** {@code add_ground_truth(info, gt_type)}; {@code info} becomes JSON (maps keep their order). */
    public void addGroundTruth(Object info, String type) {
        groundTruths.add(entry(type, info));
    }

    /** {@code add_custom_info(info, info_type)}. */
    public void addCustomInfo(Object info, String infoType) {
        addCustomInfo(info, infoType, null);
    }

    /** {@code add_custom_info(info, info_type, info_name)}: the summary key is the name when given. */
    public void addCustomInfo(Object info, String infoType, String infoName) {
        customInfos.add(entry(infoName != null && !infoName.isEmpty() ? infoName : infoType, info));
    }

    private static JsonNode entry(String key, Object info) {
        ObjectNode e = JsonNodeFactory.instance.objectNode();
        e.set(key, info instanceof JsonNode j ? j : Template.MAPPER.valueToTree(info));
        return e;
    }

    // ------------------------------------------------------------------ extraction

    /** {@code extract(prompt, Template, extraction_name)} from the answer. */
    public <T extends Record> T extract(String prompt, Class<T> template, String extractionName) {
        return extract(prompt, template, extractionName, null, null);
    }

    /**
     * The original's {@code extract}: from the answer when {@code source} is null, else from that
     * page. A failed extraction yields the template's empty instance (which raises when the
     * template has required fields); a failure to read the page propagates. Every result is
     * recorded for the summary, empty ones included.
     */
    public <T extends Record> T extract(String prompt, Class<T> template, String extractionName, String source,
                                        String additionalInstruction) {
        Template<T> t = Template.of(template);
        String instruction = orNone(additionalInstruction);
        T result;
        if (source == null) {
            String full = Prompts.format(Prompts.EXTRACT_SIMPLE, Map.of(
                    "extraction_prompt", prompt,
                    "task_description", taskDescription(),
                    "answer", context.answer(),
                    "additional_instruction", instruction));
            result = runExtraction(t, new ExtractionRequest(extractionName, t.name(), t.jsonSchema(), full, null, List.of(), false));
        } else {
            Optional<Page> page = pageInfo(source);
            if (page.isEmpty()) {
                result = t.empty();
            } else {
                Map<String, String> values = new LinkedHashMap<>();
                values.put("extraction_prompt", prompt);
                values.put("task_description", taskDescription());
                values.put("additional_instruction", instruction);
                values.put("web_text", page.get().text());
                String full = Prompts.format(Prompts.EXTRACT_URL, values);
                List<String> shots = page.get().screenshots();
                result = runExtraction(t, new ExtractionRequest(extractionName, t.name(), t.jsonSchema(),
                        shots.isEmpty() ? full : full + Prompts.SCREENSHOT_SUFFIX, source, shots, true));
            }
        }
        recordExtraction(extractionName, Template.toJson(result));
        return result;
    }

    /** The original's {@code _record_extraction}: one info entry {@code {name: result.dict()}}. */
    void recordExtraction(String extractionName, JsonNode result) {
        ObjectNode e = JsonNodeFactory.instance.objectNode();
        e.set(extractionName, result);
        extractions.add(e);
    }

    private <T extends Record> T runExtraction(Template<T> t, ExtractionRequest request) {
        JsonNode answer;
        T value;
        try {
            answer = context.extractor().extract(request);
            value = t.validate(answer);
        } catch (RuntimeException e) {
            // The original logs the failure and returns Template(), which may itself raise.
            return t.empty();
        }
        return value;
    }

    // ------------------------------------------------------------------ verification

    /** {@code verify(claim, node)}: a simple claim, no page. */
    public boolean verify(String claim, Node node) {
        return verify(claim, node, Sources.none(), List.of(), null);
    }

    /** {@code verify(claim, node, sources)}. */
    public boolean verify(String claim, Node node, Sources sources) {
        return verify(claim, node, sources, List.of(), null);
    }

    /** {@code verify(claim, node, sources, additional_instruction=...)}. */
    public boolean verify(String claim, Node node, Sources sources, String additionalInstruction) {
        return verify(claim, node, sources, List.of(), additionalInstruction);
    }

    /**
     * The original's {@code verify}: skips the node (score 0, {@code skipped}, no judge call) when
     * a prerequisite leaf failed or was skipped; otherwise routes to the simple, single-page or
     * any-of-pages check. Any exception turns the node {@code failed}. Returns the verdict.
     */
    public boolean verify(String claim, Node node, Sources sources, List<Node> extraPrerequisites,
                          String additionalInstruction) {
        checkedNodeId = node == null ? null : node.id();
        try {
            if (node != null && preconditionFailed(node, extraPrerequisites)) {
                node.set(0.0, Status.SKIPPED);
                return false;
            }
            String instruction = orNone(additionalInstruction);
            return switch (sources.kind()) {
                case NONE -> simpleVerify(claim, node, instruction);
                case SINGLE_URL -> verifyByUrl(claim, sources.list().get(0), node, instruction);
                case MULTI_URLS -> verifyByUrls(claim, sources.list(), node, instruction);
            };
        } catch (RuntimeException e) {
            if (node != null) {
                node.set(0.0, Status.FAILED);
            }
            return false;
        }
    }

    private boolean simpleVerify(String claim, Node node, String instruction) {
        String prompt = Prompts.format(Prompts.VERIFY_SIMPLE, Map.of(
                "task_description", taskDescription(),
                "answer", context.answer(),
                "claim", claim,
                "additional_instruction", instruction));
        return coreVerify(claim, null, prompt, List.of(), false, node);
    }

    private boolean verifyByUrl(String claim, String url, Node node, String instruction) {
        Optional<Page> page = pageInfo(url);
        if (page.isEmpty()) {
            if (node != null) {
                node.set(0.0, Status.FAILED);
            }
            return false;
        }
        Map<String, String> values = new LinkedHashMap<>();
        values.put("task_description", taskDescription());
        values.put("answer", context.answer());
        values.put("claim", claim);
        values.put("additional_instruction", instruction);
        values.put("web_text", page.get().text());
        values.put("url", url);
        String prompt = Prompts.format(Prompts.VERIFY_URL, values);
        List<String> shots = page.get().screenshots();
        return coreVerify(claim, url, shots.isEmpty() ? prompt : prompt + Prompts.SCREENSHOT_SUFFIX, shots, true, node);
    }

    /**
     * Any-of-pages check. The original checks every URL concurrently and stops at the first pass;
     * with an immediate judge every URL is checked in list order before a pass is noticed, which is
     * what Regrade does, deterministically. Each URL has its own majority vote; a URL whose check
     * raises counts as not supported.
     */
    private boolean verifyByUrls(String claim, List<String> urls, Node node, String instruction) {
        if (urls.isEmpty()) {
            throw new AssertionError("No URLs provided for verification");
        }
        boolean any = false;
        for (String url : urls) {
            boolean one;
            try {
                one = verifyByUrl(claim, url, null, instruction);
            } catch (RuntimeException e) {
                one = false;
            }
            any |= one;
        }
        if (node != null) {
            node.set(any ? 1.0 : 0.0, any ? Status.PASSED : Status.FAILED);
        }
        return any;
    }

    /** The original's {@code _core_verify} with its majority vote of up to three judge calls. */
    private boolean coreVerify(String claim, String url, String prompt, List<String> screenshots, boolean asParts,
                               Node node) {
        boolean result;
        try {
            List<Boolean> votes = new ArrayList<>(3);
            String digest = context.promptDigests() ? sha256(prompt) : null;
            for (int i = 0; i < 3; i++) {
                JudgeRequest request = new JudgeRequest(checkedNodeId, claim, url, prompt,
                        screenshots, asParts, i + 1);
                JudgeReply reply;
                try {
                    reply = context.judge().judge(request);
                    if (reply == null) {
                        throw new IllegalStateException("judge returned no reply");
                    }
                } catch (RuntimeException e) {
                    journal.add(new JudgeCall(request.nodeId(), claim, url, i + 1, digest, null, errorText(e)));
                    throw e;
                }
                journal.add(new JudgeCall(request.nodeId(), claim, url, i + 1, digest, reply.result(), null));
                votes.add(reply.result());
                if (votes.size() >= 2) {
                    int yes = count(votes);
                    if (yes > votes.size() / 2 || yes == 0) {
                        break;
                    }
                }
            }
            result = count(votes) >= votes.size() / 2.0;
        } catch (RuntimeException e) {
            if (node != null) {
                node.set(0.0, Status.FAILED);
            }
            return false;
        }
        if (node != null) {
            node.set(result ? 1.0 : 0.0, result ? Status.PASSED : Status.FAILED);
        }
        return result;
    }

    private static int count(List<Boolean> votes) {
        int yes = 0;
        for (boolean v : votes) {
            yes += v ? 1 : 0;
        }
        return yes;
    }

    // ------------------------------------------------------------------ preconditions

    private boolean preconditionFailed(Node node, List<Node> extra) {
        Map<String, Node> deps = new LinkedHashMap<>();
        if (extra != null && !extra.isEmpty()) {
            for (Node e : extra) {
                if (e == node) {
                    throw new PyValueError("A node cannot depend on itself.");
                }
            }
            for (Node e : extra) {
                collectLeaves(e, deps);
            }
        }
        Node current = node;
        while (current != null && current != root) {
            Node parent = findParent(current);
            if (parent == null) {
                break;
            }
            List<Node> siblings = parent.children();
            for (Node sibling : siblings) {
                if (sibling != current && sibling.critical()) {
                    collectLeaves(sibling, deps);
                }
            }
            if (parent.strategy() == Strategy.SEQUENTIAL) {
                int index = siblings.indexOf(current);
                for (int i = 0; i < index; i++) {
                    collectLeaves(siblings.get(i), deps);
                }
            }
            current = parent;
        }
        for (Node leaf : deps.values()) {
            if (leaf.status() == Status.FAILED || leaf.status() == Status.SKIPPED) {
                return true;
            }
        }
        return false;
    }

    private static void collectLeaves(Node node, Map<String, Node> into) {
        if (node.isLeaf()) {
            into.putIfAbsent(node.id(), node);
            return;
        }
        for (Node c : node.children()) {
            collectLeaves(c, into);
        }
    }

    private Node findParent(Node target) {
        String parentId = leafParent.get(target.id());
        if (parentId != null) {
            return findNode(root, parentId);
        }
        Node parent = findParentRecursive(target, root);
        if (parent != null) {
            leafParent.put(target.id(), parent.id());
        }
        return parent;
    }

    private static Node findParentRecursive(Node target, Node current) {
        if (current == null) {
            return null;
        }
        for (Node c : current.children()) {
            if (c == target) {
                return current;
            }
        }
        for (Node c : current.children()) {
            Node found = findParentRecursive(target, c);
            if (found != null) {
                return found;
            }
        }
        return null;
    }

    private static Node findNode(Node current, String id) {
        if (current == null) {
            return null;
        }
        if (current.id().equals(id)) {
            return current;
        }
        for (Node c : current.children()) {
            Node found = findNode(c, id);
            if (found != null) {
                return found;
            }
        }
        return null;
    }

    // ------------------------------------------------------------------ pages

    /**
     * The original's {@code get_page_info}: cleans the URL ({@code normalize_url_markdown}), reads
     * the page, shortens text over 400,000 characters. Empty when the page could not be retrieved.
     */
    private Optional<Page> pageInfo(String url) {
        if (url == null) {
            throw new PyAttributeError("'NoneType' object has no attribute 'strip'");
        }
        String cleaned = MARKDOWN_ESCAPE.matcher(PyWhitespace.strip(url)).replaceAll("$1");
        Optional<Page> page = context.pages().page(cleaned);
        if (page.isEmpty() || page.get().text() == null) {
            return Optional.empty();
        }
        Page p = page.get();
        if (p.text().codePointCount(0, p.text().length()) > MAX_TEXT_CHARS) {
            return Optional.of(new Page(PyTextwrap.shorten(p.text(), MAX_TEXT_CHARS, TRUNCATION_PLACEHOLDER),
                    p.screenshots()));
        }
        return page;
    }

    // ------------------------------------------------------------------ results

    /** {@code score()}: the root's cached aggregate (computed, and written back, on first call). */
    public double score() {
        return root == null ? 0.0 : root.aggregatedScore();
    }

    /** Every judge request made so far, votes included, in call order. */
    public List<JudgeCall> judgeRequests() {
        return List.copyOf(journal);
    }

    /**
     * The info entries recorded so far in the order the original's {@code get_summary()} lists them:
     * extractions, then ground truths, then custom infos (the summary itself is
     * {@link dev.regrade.rubric.json.ResultSummary#of}, beside the result types, so that this package
     * does not depend on theirs).
     */
    public List<JsonNode> info() {
        List<JsonNode> info = new ArrayList<>(extractions);
        info.addAll(groundTruths);
        info.addAll(customInfos);
        return info;
    }

    private static String orNone(String instruction) {
        return instruction == null || instruction.isEmpty() ? "None" : instruction;
    }

    private static String errorText(RuntimeException e) {
        return e.getClass().getSimpleName() + ": " + e.getMessage();
    }

    static String sha256(String text) {
        return PromptDigest.sha256Hex(text);
    }
}
