package dev.regrade.reports;

import static org.apache.commons.text.StringEscapeUtils.escapeHtml4;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.CharacterEscapes;
import com.fasterxml.jackson.core.io.SerializedString;
import dev.regrade.reports.model.AllowedChanges;
import dev.regrade.reports.model.AuditReport;
import dev.regrade.reports.model.CheckedChange;
import dev.regrade.reports.model.ComparedRun;
import dev.regrade.reports.model.Comparison;
import dev.regrade.reports.model.PromptChange;
import dev.regrade.reports.model.ScriptInput;
import dev.regrade.reports.model.SeedDifference;
import dev.regrade.reports.model.SeedRange;
import dev.regrade.reports.model.Totals;
import dev.regrade.rubric.Status;
import dev.regrade.rubric.json.ResultNode;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.StringJoiner;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * {@code report.html}: one self-contained page (inline CSS and script, no network, no external
 * assets), with the sections and columns of {@code report.md} in the same order. Filters and a
 * search box narrow the score-impact table and the trees; their state lives in the URL fragment
 * ({@code #filter=unexpected&q=station_5}), so a link or a test can open the page narrowed. In
 * the trees, unchanged subtrees start collapsed with a count of what they hold. The trees are not
 * written out as markup: their nodes are one block of JSON in which each distinct subtree and each
 * string is stored once (see {@link TreeData}), however many inputs and sides show it, and the
 * script draws each tree from it, a collapsed subtree's children only when it is opened or holds a
 * match of the search. Every string from answers, claims or pages is HTML-escaped (in the JSON, no
 * {@code < > & '} is left raw), and the script builds elements and sets only their text and
 * attributes, never markup.
 */
public final class Html {
    /** Task texts and claims longer than this are shortened, the full text one click (or hover) away. */
    private static final int LONG = 160;

    private static final String CSS = """
            body{font:14px/1.45 system-ui,-apple-system,Segoe UI,Roboto,sans-serif;margin:24px;color:#1d1d1f}
            h1{font-size:20px}h2{font-size:17px;margin-top:28px}h3{font-size:15px}
            table{border-collapse:collapse;margin:8px 0}td,th{border:1px solid #d0d0d0;padding:3px 8px;vertical-align:top}
            th{background:#f2f2f2;text-align:left}td.num{text-align:right;font-variant-numeric:tabular-nums}
            .bad{color:#b00020;font-weight:600}.ok{color:#116611}
            td.up{color:#116611;font-weight:600}td.down{color:#b00020;font-weight:600}
            #controls{position:sticky;top:0;background:#fff;padding:6px 0;border-bottom:1px solid #ddd;z-index:1}
            #controls label{margin-right:10px}#controls input[type=search]{width:22em}#shown{color:#555;margin-left:8px}
            .pair{display:grid;grid-template-columns:1fr 1fr;gap:16px}
            .tree ul{list-style:none;margin:0;padding-left:18px}.tree>ul{padding-left:0}
            .node{padding:1px 4px;border-radius:3px;display:inline-block;margin:1px 0}
            .passed{background:#e3f5e1}.failed{background:#fde2e1}.partial{background:#fff4d6}
            .skipped{background:#ececec;color:#666}.initialized{background:#f7f7f7;color:#666}
            .changed{outline:2px solid #e07000}.unexpected{outline:3px solid #b00020}.hit code{background:#ffe066}
            .tree summary{display:flex;align-items:flex-start;gap:4px;list-style:none}.tree summary::-webkit-details-marker{display:none}
            .tree summary::before{content:'▸';width:10px;flex:none}.tree details[open]>summary::before{content:'▾'}
            .why{display:block;font-size:12px;color:#8a4b00}.unexpected .why{color:#b00020}
            .crit{font-size:11px;color:#6a1b9a;font-weight:600}.strat,.count{font-size:11px;color:#555}
            .score{font-variant-numeric:tabular-nums;font-weight:600}
            .cmp{border-top:1px solid #ddd;padding-top:6px;margin-top:10px}.back{font-size:12px;margin-left:8px}
            details>summary{cursor:pointer}code{background:#f4f4f4;padding:0 3px}
            pre.diff{margin:0;font-size:12px;white-space:pre-wrap;word-break:break-all}.diff span{display:block}
            .diff .add{background:#e6ffec}.diff .del{background:#ffebe9}.diff .hunk{color:#6a737d}
            tr.unexpected-prompt td:first-child{border-left:3px solid #b00020}
            """;

    /**
     * Draws each tree from the tree data (a collapsed subtree's children when it is first opened), then
     * reads {@code filter} and {@code q} from the fragment (a plain anchor such as {@code #cmp-3}
     * keeps the current state, and clears the filter if its target was hidden), hides the rows and
     * trees that do not match, marks the nodes that match the search and opens their subtrees; a search
     * first draws the collapsed subtrees that hold a match, so it finds nodes no one has opened yet.
     */
    private static final String SCRIPT = """
            (function(){
            var form=document.getElementById('controls'),sel=form.elements.filter,box=form.elements.q;
            var shown=document.getElementById('shown');
            var data=document.getElementById('tree-data'),T=data===null?{s:[],n:[]}:JSON.parse(data.textContent);
            var S=T.s,N=T.n;
            function el(tag,cls,text){var x=document.createElement(tag);if(cls!==''){x.className=cls;}
              if(text!==''){x.textContent=text;}return x;}
            function txt(p,s){if(s!==''){p.appendChild(document.createTextNode(s));}}
            function label(r){
              var s=el('span',S[r[0]],'');s.setAttribute('data-node',S[r[1]]);s.setAttribute('title',S[r[2]]);
              s.appendChild(el('span','score',S[r[4]]));txt(s,' '+S[r[5]]+' ');s.appendChild(el('code','',S[r[1]]));
              if(r[6]===1){txt(s,' ');s.appendChild(el('span','crit','critical'));}
              if(r.length>8){txt(s,' ');s.appendChild(el('span','strat',S[r[8]]));}
              s.appendChild(el('br','',''));txt(s,S[r[3]]);
              if(r[7]>=0){s.appendChild(el('span','why',S[r[7]]));}
              return s;
            }
            function item(k){
              var r=N[k],li=document.createElement('li');
              if(r.length<=8){li.appendChild(label(r));return li;}
              var d=document.createElement('details'),sm=document.createElement('summary'),u=document.createElement('ul');
              sm.appendChild(label(r));
              if(r[9]>=0){txt(sm,' ');sm.appendChild(el('span','count',S[r[9]]));u.setAttribute('data-lazy',k);}
              else{d.open=true;fill(u,k);}
              d.appendChild(sm);d.appendChild(u);li.appendChild(d);return li;
            }
            function fill(u,k){N[k][10].forEach(function(c){u.appendChild(item(c));});}
            function grow(u){var k=u.getAttribute('data-lazy');if(k!==null){u.removeAttribute('data-lazy');fill(u,+k);}}
            document.querySelectorAll('ul[data-root]').forEach(function(u){
              var k=+u.getAttribute('data-root');u.removeAttribute('data-root');u.appendChild(item(k));
            });
            document.addEventListener('toggle',function(ev){
              var u=ev.target.lastElementChild;if(ev.target.open&&u!==null&&u.hasAttribute('data-lazy')){grow(u);}
            },true);
            var memo={},memoQ=null;
            function holds(k,q){
              if(memoQ!==q){memo={};memoQ=q;}
              if(!(k in memo)){var r=N[k];memo[k]=S[r[1]].toLowerCase().indexOf(q)>=0
                ||S[r[2]].toLowerCase().indexOf(q)>=0||(r.length>8&&r[10].some(function(c){return holds(c,q);}));}
              return memo[k];
            }
            function reveal(q){
              var todo=Array.prototype.slice.call(document.querySelectorAll('ul[data-lazy]'));
              while(todo.length>0){
                var u=todo.pop();
                if(N[+u.getAttribute('data-lazy')][10].some(function(c){return holds(c,q);})){
                  grow(u);u.querySelectorAll('ul[data-lazy]').forEach(function(x){todo.push(x);});
                }
              }
            }
            function passes(el,f){return f==='all'||(' '+el.getAttribute('data-flags')+' ').indexOf(' '+f+' ')>=0;}
            function has(el,q){return el.textContent.toLowerCase().indexOf(q)>=0;}
            function apply(){
              var f=sel.value,q=box.value.trim().toLowerCase(),hits={};
              if(q!==''){reveal(q);}
              document.querySelectorAll('.node').forEach(function(n){
                var hit=q!==''&&((n.getAttribute('data-node')||'').toLowerCase().indexOf(q)>=0
                  ||(n.getAttribute('title')||'').toLowerCase().indexOf(q)>=0);
                n.classList.toggle('hit',hit);
                if(hit){var c=n.closest('.cmp');hits[c.id]=true;
                  for(var d=n.parentElement.closest('details');d;d=d.parentElement.closest('details')){d.open=true;}}
              });
              document.querySelectorAll('.cmp').forEach(function(c){
                c.hidden=!(passes(c,f)&&(q===''||hits[c.id]||has(c.querySelector('summary'),q)));
              });
              document.querySelectorAll('section.script').forEach(function(s){
                s.hidden=s.querySelector('.cmp:not([hidden])')===null;
              });
              var rows=document.querySelectorAll('#impact tbody tr'),n=0;
              rows.forEach(function(r){
                var cmp=r.getAttribute('data-cmp');
                r.hidden=!(passes(r,f)&&(q===''||has(r,q)||(cmp!==null&&hits[cmp]===true)));
                if(!r.hidden){n++;}
              });
              document.querySelectorAll('table.finding tbody tr').forEach(function(r){r.hidden=!(q===''||has(r,q));});
              shown.textContent=n+' of '+rows.length+' score rows shown';
              var none=document.getElementById('nomatch'),trees=document.querySelectorAll('.cmp:not([hidden])').length;
              none.hidden=!(n===0&&trees===0);
              none.textContent=n===0&&trees===0?'Nothing matches '+(q===''?'':'\u201c'+box.value.trim()+'\u201d ')
                +(f==='all'?'':'under \u201c'+sel.options[sel.selectedIndex].text+'\u201d ')
                +'\u2014 no score row and no tree; choose another filter or clear the search.':'';
            }
            function readHash(){
              var h=location.hash.slice(1);
              if(h.indexOf('=')<0){
                var t=h===''?null:document.getElementById(h);
                if(t!==null&&t.closest('[hidden]')!==null){sel.value='all';box.value='';apply();t.scrollIntoView();}
                return;
              }
              h.split('&').forEach(function(p){
                var i=p.indexOf('=');if(i<0){return;}
                var k=p.slice(0,i),v=decodeURIComponent(p.slice(i+1).replace(/\\+/g,' '));
                if(k==='filter'){sel.value=v;if(sel.value!==v){sel.value='all';}}
                if(k==='q'){box.value=v;}
              });
              apply();
            }
            function write(){
              apply();
              history.replaceState(null,'','#filter='+encodeURIComponent(sel.value)+'&q='+encodeURIComponent(box.value));
            }
            form.addEventListener('input',write);
            form.addEventListener('submit',function(ev){ev.preventDefault();});
            window.addEventListener('hashchange',readHash);
            readHash();
            apply();
            })();
            """;

    private Html() {
    }

    /** Renders a report. */
    public static String render(AuditReport report) {
        StringBuilder b = new StringBuilder();
        String before = report.before();
        String after = report.after();
        Totals s = report.summary();
        b.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">")
                .append("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; ")
                .append("style-src 'unsafe-inline'; script-src 'unsafe-inline'\">")
                .append("<title>Regrade audit: ").append(e(before)).append(" → ").append(e(after)).append("</title><style>")
                .append(CSS).append("</style></head><body>\n");
        b.append("<h1>Regrade audit: <code>").append(e(before)).append("</code> → <code>").append(e(after))
                .append("</code></h1>\n<p id=\"verdict\"><b>").append(s.unexpected() == 0 ? "Verdict: pass." : "Verdict: FAIL.")
                .append("</b> ").append(e(Cells.verdict(s))).append("</p>\n<p id=\"summary\">")
                .append(Cells.counts(s, u -> "<span class=\"" + (s.unexpected() > 0 ? "bad" : "ok") + "\">" + u + "</span>"))
                .append("</p>\n");
        b.append("<p>Judge: ").append(e(report.judge())).append(" · hash seeds: ")
                .append(report.seeds().stream().map(String::valueOf).collect(Collectors.joining(",", "[", "]")))
                .append(" · expectations: ").append(e(report.expectations().source())).append("</p>\n");
        if (report.python() != null) {
            b.append("<p id=\"python\">").append(e(report.python().line())).append("</p>\n");
            if (report.python().revisions() != null) {
                report.python().revisions().lines().forEach(l -> b.append("<p class=\"python\">").append(e(l)).append("</p>\n"));
            }
        }
        controls(b);

        Rows rows = new Rows(report);
        findings(b, "Unexpected changes", report.unexpected(),
                "<p class=\"ok\">None: every structural, content and verdict change is on a node the expectations allow.</p>\n",
                "bad", List.of("Script", "Input", "Node", "Class", "Changes"),
                u -> List.of(e(u.input().script()), rows.link(u.input()), code(u.node()), e(u.classes()), e(u.text())));
        impact(b, report, rows);
        TreeData trees = new TreeData();
        changesByScript(b, report, rows, trees);
        prompts(b, report, rows);
        findings(b, "Crashes", report.crashes(), "<p>None.</p>\n", "",
                List.of("Script", "Input", "Variant", "Python error", "Other variant"),
                c -> List.of(e(c.input().script()), rows.link(c.input()), e(c.variant()),
                        "<code>" + e(c.errorType() + ": " + c.error()) + "</code>",
                        e(c.otherVariant()) + ": " + (c.otherCrashed() ? "crashed too"
                                : "scored " + Cells.score(c.otherScore()))));
        findings(b, "Seed-dependent trees", report.determinism(),
                "<p>None: every tree is the same under every hash seed.</p>\n", "",
                List.of("Script", "Variant", "Input", "Seed vs " + report.seeds().get(0), "Differing nodes"),
                d -> List.of(e(d.input().script()), e(d.variant()), rows.link(d.input()), String.valueOf(d.seed()),
                        Cells.nodes(d.changes(), 6, Html::code)));
        findings(b, "Prompt lint (missing values reaching the judge)", report.lint(), "<p>None.</p>\n", "",
                List.of("Script", "Variant", "Input", "Node", "Token", "Claim"),
                l -> List.of(e(l.input().script()), e(l.variant()), rows.link(l.input()), code(l.node()),
                        e(String.join(" ", l.tokens())), folded(l.claim())));
        section(b, "Changelog");
        b.append("<p id=\"changelog-line\">").append(e(report.changelog().text())).append("</p>\n");
        String unexercised = Cells.unexercised(report.changelog().unexercised(),
                !report.expectations().scripts().isEmpty());
        if (unexercised != null) {
            b.append("<p id=\"unexercised\">").append(e(unexercised)).append("</p>\n");
        }
        findings(b, "Expectations", List.copyOf(report.expectations().scripts().entrySet()),
                "<p>None: no script may change.</p>\n", "", List.of("Script", "Allowed nodes",
                        "Allowed prompt changes", "Note"),
                x -> List.of(e(x.getKey()), x.getValue().allow().stream().map(Html::code)
                        .collect(Collectors.joining(", ")), e(x.getValue().promptsText()), e(x.getValue().note())));
        trees.write(b);
        b.append("<script>").append(SCRIPT).append("</script>\n</body></html>\n");
        return b.toString();
    }

    private static final String PROMPTS_NOTE = "Offline an extraction ignores its prompt and a reworded claim may "
            + "keep its verdict, so no tree shows these; a real judge reads them.";

    /** The prompt changes, one row each with its diff; an unexpected one in red. */
    private static void prompts(StringBuilder b, AuditReport report, Rows rows) {
        section(b, "Changed prompts");
        if (report.prompts().isEmpty()) {
            b.append("<p>None: every prompt a script sent is the same before and after.</p>\n");
            return;
        }
        long unexpected = report.prompts().stream().filter(p -> !p.expected()).count();
        b.append("<p id=\"prompts-note\">").append(e(Cells.prompts(report.summary())))
                .append(unexpected == 0 ? "" : ", <span class=\"bad\">" + unexpected + " unexpected</span>")
                .append(". ").append(e(PROMPTS_NOTE)).append("</p>\n");
        b.append("<table class=\"finding\" id=\"prompts\"><thead><tr><th>Script</th><th>Input</th><th>Prompt</th>")
                .append("<th>Changed parts</th><th>Diff</th></tr></thead><tbody>\n");
        for (PromptChange p : report.prompts()) {
            b.append(p.expected() ? "<tr>" : "<tr class=\"unexpected-prompt\">").append("<td>")
                    .append(e(p.input().script())).append("</td><td>").append(rows.link(p.input())).append("</td><td>")
                    .append(e(p.kind())).append(' ').append(code(p.subject().isEmpty() ? "(no node)" : p.subject()))
                    .append(p.occurrence() > 1 ? " #" + p.occurrence() : "")
                    .append(p.url() == null ? "" : "<br>page " + code(p.url())).append("</td><td>")
                    .append(e(p.partsText())).append(p.expected() ? "" : " <span class=\"bad\">unexpected</span>")
                    .append("</td><td><pre class=\"diff\">");
            p.diff().lines().forEach(l -> b.append("<span class=\"")
                    .append(l.startsWith("+") ? "add" : l.startsWith("-") ? "del" : l.startsWith("@@") ? "hunk" : "ctx")
                    .append("\">").append(e(l)).append("</span>\n"));
            b.append("</pre></td></tr>\n");
        }
        b.append("</tbody></table>\n");
    }

    private static void controls(StringBuilder b) {
        b.append("<form id=\"controls\"><label>Show <select name=\"filter\">");
        for (String[] option : new String[][] {{"all", "all rows"}, {"changed", "changed only"},
                {"unexpected", "unexpected"}, {"crashed", "crashed"}, {"seed", "seed-dependent"}}) {
            b.append("<option value=\"").append(option[0]).append('"')
                    .append(option[0].equals("changed") ? " selected" : "").append('>').append(option[1])
                    .append("</option>");
        }
        b.append("</select></label><label>Search <input type=\"search\" name=\"q\" ")
                .append("placeholder=\"node id or claim text\"></label><span id=\"shown\"></span></form>\n"
                + "<p id=\"nomatch\" class=\"bad\" hidden></p>\n");
    }

    /**
     * The row of each comparison, for links: a findings row links to its input's trees when it has
     * some, else to its score row; and the flags the filters select rows and trees by.
     */
    private static final class Rows {
        private final Map<ScriptInput, Integer> index = new HashMap<>();
        private final Map<ScriptInput, Boolean> hasTrees = new HashMap<>();
        private final Set<ScriptInput> seedDependent = new HashSet<>();

        Rows(AuditReport report) {
            int i = 0;
            for (Comparison c : report.comparisons()) {
                index.putIfAbsent(c.input(), i++);
                hasTrees.putIfAbsent(c.input(), c.changed());
            }
            for (SeedDifference d : report.determinism()) {
                seedDependent.add(d.input());
            }
        }

        String link(ScriptInput in) {
            Integer i = index.get(in);
            if (i == null) {
                return e(in.inputLabel());
            }
            return "<a href=\"#" + (hasTrees.get(in) ? "cmp-" : "row-") + i + "\">" + e(in.inputLabel()) + "</a>";
        }

        String flags(Comparison c) {
            StringJoiner f = new StringJoiner(" ");
            if (c.changed()) {
                f.add("changed");
            }
            if (c.unexpected() > 0) {
                f.add("unexpected");
            }
            if (c.before().crashed() || c.after().crashed()) {
                f.add("crashed");
            }
            if (c.seedDependent() || seedDependent.contains(c.input())) {
                f.add("seed");
            }
            return f.toString();
        }
    }

    private static void impact(StringBuilder b, AuditReport report, Rows rows) {
        section(b, "Score impact");
        if (report.comparisons().stream().anyMatch(Comparison::seedDependent)) {
            b.append("<p>").append(e(Cells.SEED_RANGE_NOTE)).append("</p>\n");
        }
        b.append("<table id=\"impact\"><thead><tr><th>Script</th><th>Input</th><th>")
                .append(e(report.before())).append("</th><th>").append(e(report.after()))
                .append("</th><th>Δ</th><th>Changed nodes</th></tr></thead><tbody>\n");
        int i = 0;
        for (Comparison c : report.comparisons()) {
            boolean changed = c.changed();
            b.append("<tr id=\"row-").append(i).append("\" data-flags=\"").append(rows.flags(c)).append('"')
                    .append(changed ? " data-cmp=\"cmp-" + i + "\"" : "")
                    .append(c.unexpected() > 0 ? " class=\"bad\"" : "").append("><td>")
                    .append(e(c.input().script())).append("</td><td>")
                    .append(changed ? "<a href=\"#cmp-" + i + "\">" : "").append(e(c.input().inputLabel()))
                    .append(changed ? "</a>" : "").append("</td><td class=\"num\">").append(score(c.before()))
                    .append("</td><td class=\"num\">").append(score(c.after())).append("</td><td class=\"num")
                    .append(deltaClass(c.delta())).append("\">").append(Cells.delta(c.delta())).append("</td><td>")
                    .append(changedNodes(c)).append("</td></tr>\n");
            i++;
        }
        b.append("</tbody></table>\n");
    }

    private static void changesByScript(StringBuilder b, AuditReport report, Rows rows, TreeData trees) {
        section(b, "Changed nodes");
        if (report.comparisons().stream().anyMatch(Comparison::changed)) {
            b.append("<noscript><p class=\"bad\">The trees are drawn by the page script: allow JavaScript to see "
                    + "them.</p></noscript>\n");
        }
        String current = null;
        int i = 0;
        for (Comparison c : report.comparisons()) {
            if (c.changed()) {
                String script = c.input().script();
                if (!script.equals(current)) {
                    b.append(current == null ? "" : "</section>\n");
                    current = script;
                    b.append("<section class=\"script\"><h3>").append(e(script)).append("</h3>\n");
                    AllowedChanges declared = report.expectations().scripts().get(script);
                    if (declared != null && !declared.note().isEmpty()) {
                        b.append("<p>Expected: ").append(e(declared.note())).append("</p>\n");
                    }
                }
                changedTrees(b, c, i, rows.flags(c), report.before(), report.after(), trees);
            }
            i++;
        }
        b.append(current == null ? "<p>None.</p>\n" : "</section>\n");
    }

    private static void changedTrees(StringBuilder b, Comparison c, int i, String flags, String before, String after,
                                     TreeData trees) {
        // Per node: the change that colours it (an unexpected one wins) and every change spelled out.
        Map<String, CheckedChange> byNode = new LinkedHashMap<>();
        Map<String, StringBuilder> why = new LinkedHashMap<>();
        for (CheckedChange ch : c.changes()) {
            String node = ch.change().node();
            StringBuilder w = why.computeIfAbsent(node, k -> new StringBuilder());
            w.append(w.length() == 0 ? "" : "; ").append(ch.expected() ? "" : "UNEXPECTED ")
                    .append(ch.change().changeClass().label()).append(": ").append(ch.change().text());
            if (!ch.expected() || !byNode.containsKey(node)) {
                byNode.put(node, ch);
            }
        }
        ResultNode left = c.trees() == null ? null : c.trees().before();
        ResultNode right = c.trees() == null ? null : c.trees().after();
        b.append("<details class=\"cmp\" id=\"cmp-").append(i).append("\" data-flags=\"").append(flags)
                .append("\" open><summary><b>").append(e(c.input().inputLabel())).append("</b> (")
                .append(score(c.before())).append(" → ").append(score(c.after())).append(")")
                .append(c.description().isEmpty() ? "" : ": " + e(c.description()))
                .append(" <a class=\"back\" href=\"#row-").append(i).append("\">↑ score row</a></summary>\n<ul class=\"changes\">");
        for (CheckedChange ch : c.shownChanges()) {
            b.append("<li").append(ch.expected() ? "" : " class=\"bad\"").append('>')
                    .append(ch.expected() ? "" : "UNEXPECTED ").append(e(ch.change().changeClass().label())).append(": ")
                    .append(e(ch.change().text())).append("</li>");
        }
        b.append("</ul>\n");
        ResultNode task = right != null ? right : left;
        if (task != null) {
            b.append("<details class=\"task\"><summary>Task text</summary><p>").append(e(task.desc()))
                    .append("</p></details>\n");
        }
        b.append("<div class=\"pair\"><div class=\"tree\"><h3>").append(e(before)).append("</h3>");
        // With one side crashed there is nothing to compare a subtree with: it is not "unchanged".
        boolean compared = left != null && right != null;
        tree(b, left, byNode, why, c.before(), compared, trees);
        b.append("</div><div class=\"tree\"><h3>").append(e(after)).append("</h3>");
        tree(b, right, byNode, why, c.after(), compared, trees);
        b.append("</div></div></details>\n");
    }

    /** A section heading, with the anchor GitHub gives the same heading in the Markdown report. */
    private static void section(StringBuilder b, String title) {
        b.append("<h2 id=\"").append(anchor(title)).append("\">").append(e(title)).append("</h2>\n");
    }

    /** GitHub's heading anchor: lower case, spaces to hyphens, other punctuation dropped. */
    static String anchor(String title) {
        StringBuilder a = new StringBuilder();
        title.toLowerCase(Locale.ROOT).codePoints().forEach(cp -> {
            if (cp == ' ') {
                a.append('-');
            } else if (Character.isLetterOrDigit(cp) || cp == '-' || cp == '_') {
                a.appendCodePoint(cp);
            }
        });
        return a.toString();
    }

    /** A findings section: its heading, then a table of one row per item, or {@code none}. */
    private static <T> void findings(StringBuilder b, String title, List<T> items, String none, String rowClass,
                                     List<String> headers, Function<T, List<String>> cells) {
        section(b, title);
        if (items.isEmpty()) {
            b.append(none);
            return;
        }
        b.append("<table class=\"finding\"><thead><tr><th>").append(String.join("</th><th>", headers))
                .append("</th></tr></thead><tbody>\n");
        String row = rowClass.isEmpty() ? "<tr>" : "<tr class=\"" + rowClass + "\">";
        for (T item : items) {
            b.append(row).append("<td>").append(String.join("</td><td>", cells.apply(item))).append("</td></tr>\n");
        }
        b.append("</tbody></table>\n");
    }

    /**
     * A tree's place in the page: an empty list naming its root in the {@link TreeData}, which the page's
     * script draws on load.
     */
    private static void tree(StringBuilder b, ResultNode root, Map<String, CheckedChange> changed,
                             Map<String, StringBuilder> why, ComparedRun side, boolean compared, TreeData trees) {
        if (root == null) {
            b.append("<p class=\"bad\">No tree: the run crashed (").append(e(Objects.toString(side.errorType(), "")))
                    .append(": ").append(e(Objects.toString(side.error(), ""))).append(")</p>");
            return;
        }
        b.append("<ul data-root=\"").append(node(root, changed, why, compared, trees).node()).append("\"></ul>");
    }

    /**
     * What a subtree holds: its node in the {@link TreeData}, whether any node in it changed, and its
     * nodes by status.
     */
    private record Held(int node, boolean changed, int[] byStatus) {
        int total() {
            int t = 0;
            for (int n : byStatus) {
                t += n;
            }
            return t;
        }

        String text(boolean compared) {
            StringBuilder t = new StringBuilder().append(total()).append(total() == 1 ? " node" : " nodes");
            for (Status s : Status.values()) {
                if (byStatus[s.ordinal()] > 0) {
                    t.append(" · ").append(byStatus[s.ordinal()]).append(' ').append(s.value());
                }
            }
            return t.append(compared ? ", unchanged" : ", the other side has no tree").toString();
        }
    }

    /**
     * Adds a node and its subtree to the tree data, children first, so that a container knows what its
     * subtree holds: a container whose subtree has no change is drawn collapsed with a count of what it
     * holds (and its children only when it is opened), one holding a change is drawn open. Every
     * decision and every text is made here; the script only assembles them.
     */
    private static Held node(ResultNode n, Map<String, CheckedChange> changed, Map<String, StringBuilder> why,
                             boolean compared, TreeData trees) {
        String id = n.id();
        CheckedChange ch = changed.get(id);
        String status = n.status().value();
        String cls = "node " + status;
        if (ch != null) {
            cls += ch.expected() ? " changed" : " unexpected";
        }
        int[] byStatus = new int[Status.values().length];
        byStatus[n.status().ordinal()]++;
        boolean anyChange = ch != null;
        StringJoiner record = new StringJoiner(",", "[", "]");
        record.add(trees.string(cls)).add(trees.string(id)).add(trees.string(n.desc()))
                .add(trees.string(shorten(n.desc()))).add(trees.string(Cells.score(n.score())))
                .add(trees.string(status)).add(n.critical() ? "1" : "0")
                .add(ch == null ? "-1" : trees.string(why.get(id).toString()));
        if (!n.isLeaf()) {
            StringJoiner children = new StringJoiner(",", "[", "]");
            int[] below = new int[byStatus.length];
            for (ResultNode c : n.children()) {
                Held held = node(c, changed, why, compared, trees);
                children.add(String.valueOf(held.node()));
                anyChange |= held.changed();
                for (int k = 0; k < below.length; k++) {
                    below[k] += held.byStatus()[k];
                    byStatus[k] += held.byStatus()[k];
                }
            }
            record.add(trees.string(n.strategy().value()))
                    .add(anyChange ? "-1" : trees.string(new Held(-1, false, below).text(compared)))
                    .add(children.toString());
        }
        return new Held(trees.node(record.toString()), anyChange, byStatus);
    }

    /**
     * The nodes of every tree on the page, written once as JSON for the script to draw. A node is
     * stored once however many trees hold it: each is a record of indices into one table of strings,
     * its children by their own records' indices, so a subtree that several inputs (or both sides of a
     * comparison) share is one record, and every string is stored once. A record is {@code [class, id,
     * description, shown description, score, status, critical, why or -1]}, and for a container also
     * {@code [..., strategy, count or -1 when it starts open, [children]]}. Strings are escaped so
     * that no {@code < > & '} is left raw, and carriage returns are line feeds, as the HTML parser
     * would have made them in markup.
     */
    private static final class TreeData {
        private final Map<String, Integer> strings = new LinkedHashMap<>();
        private final Map<String, Integer> nodes = new LinkedHashMap<>();

        String string(String s) {
            return String.valueOf(strings.computeIfAbsent(s.replace("\r\n", "\n").replace('\r', '\n'),
                    k -> strings.size()));
        }

        int node(String record) {
            return nodes.computeIfAbsent(record, k -> nodes.size());
        }

        void write(StringBuilder b) {
            if (nodes.isEmpty()) {
                return;
            }
            b.append("<script type=\"application/json\" id=\"tree-data\">{\"s\":[\n");
            // The strings as root values of one generator, so that its separator is the array's.
            StringWriter out = new StringWriter();
            try (JsonGenerator g = JSON.createGenerator(out)) {
                g.setCharacterEscapes(new InScriptEscapes());
                g.setRootValueSeparator(new SerializedString(",\n"));
                for (String s : strings.keySet()) {
                    g.writeString(s);
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e); // a StringWriter does not fail
            }
            b.append(out.getBuffer()).append("],\n\"n\":[");
            String sep = "\n";
            for (String r : nodes.keySet()) {
                b.append(sep).append(r);
                sep = ",\n";
            }
            b.append("]}</script>\n");
        }
    }

    private static final JsonFactory JSON = new JsonFactory();

    /**
     * JSON string escapes for text inside a script element: besides JSON's own, {@code < > & '} (no
     * markup can close the element), U+2028 and U+2029 (line ends to older JavaScript) and surrogate
     * halves (a lone one could not be encoded), each as a u-escape with lower-case hex digits; control
     * characters other than tab and line feed likewise.
     */
    private static final class InScriptEscapes extends CharacterEscapes {
        private final int[] ascii = CharacterEscapes.standardAsciiEscapesForJSON();

        InScriptEscapes() {
            for (int c = 0; c < 0x20; c++) {
                if (c != '\n' && c != '\t') {
                    ascii[c] = ESCAPE_CUSTOM;
                }
            }
            for (char c : new char[] {'<', '>', '&', '\''}) {
                ascii[c] = ESCAPE_CUSTOM;
            }
        }

        @Override
        public int[] getEscapeCodesForAscii() {
            return ascii;
        }

        @Override
        public SerializableString getEscapeSequence(int ch) {
            return ch < 0x80 || ch == 0x2028 || ch == 0x2029 || Character.isSurrogate((char) ch)
                    ? new SerializedString(String.format(Locale.ROOT, "\\u%04x", ch)) : null;
        }
    }

    /** The first seed's score, qualified with the range across the seeds when it depends on them. */
    private static String score(ComparedRun run) {
        String first = run.crashed() ? "crashed (" + e(run.errorType()) + ")" : Cells.score(run.finalScore());
        SeedRange r = run.seedRange();
        return r == null ? first : first + " <a class=\"seeds\" href=\"#" + Cells.SEEDS_ID + "\">(seeds: "
                + e(Cells.seedRange(r)) + ")</a>";
    }

    private static String deltaClass(Double delta) {
        return delta == null || delta == 0.0 ? "" : delta > 0 ? " up" : " down";
    }

    /** The changed nodes as the Markdown lists them, at most four, with the unexpected count. */
    private static String changedNodes(Comparison c) {
        if (c.shownChanges().isEmpty()) {
            return "–";
        }
        long unexpected = Cells.unexpectedShown(c);
        String same = Cells.sameScorePhrase(c);
        return (same == null ? "" : e(same) + ": ")
                + Cells.nodes(c.changes().stream().map(CheckedChange::change).toList(), 4, Html::code)
                + (unexpected > 0 ? " (<span class=\"bad\">" + unexpected + " unexpected</span>)" : "");
    }

    /** A long text shortened, the whole of it in a fold below. */
    private static String folded(String s) {
        String flat = s.replace('\n', ' ');
        if (flat.length() <= LONG) {
            return e(flat);
        }
        return "<details class=\"long\"><summary>" + e(shorten(flat)) + "</summary>" + e(s) + "</details>";
    }

    private static String shorten(String s) {
        String flat = s.replace('\n', ' ');
        return flat.length() <= LONG ? flat : flat.substring(0, LONG - 1) + "…";
    }

    private static String code(String s) {
        return "<code>" + e(s) + "</code>";
    }

    private static String e(String s) {
        return escapeHtml4(s).replace("'", "&#39;");
    }
}
