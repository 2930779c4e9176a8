import hashlib
import json
import os
from urllib.parse import unquote, urldefrag


class CacheFileSys:
    """Reads a cache task folder as documented upstream; exact keys only (no URL variants)."""

    def __init__(self, task_dir):
        self.task_dir = task_dir
        with open(os.path.join(task_dir, "index.json"), encoding="utf-8") as f:
            self.urls = json.load(f)

    @staticmethod
    def _key(url):
        decoded = unquote(urldefrag(url)[0])
        if decoded.endswith("/") and len(decoded) > 1 and not decoded.endswith("://"):
            decoded = decoded[:-1]
        return decoded

    def _stem(self, url):
        return os.path.join(self.task_dir, hashlib.md5(self._key(url).encode("utf-8")).hexdigest())

    def has(self, url):
        return self.urls.get(self._key(url))

    def has_pdf(self, url):
        return self.has(url) == "pdf"

    def get_web(self, url):
        if self.urls.get(self._key(url)) != "web":
            raise KeyError(f"No web content found for URL: {url}")
        with open(self._stem(url) + ".txt", encoding="utf-8") as f:
            text = f.read()
        with open(self._stem(url) + ".jpg", "rb") as f:
            return text, f.read()
