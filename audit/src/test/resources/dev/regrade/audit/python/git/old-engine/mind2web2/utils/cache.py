class CacheClass:
    """The pre-2.0 engine's in-memory cache as far as the driver uses it: artefacts in dicts by URL."""

    def __init__(self, cache_path=None):
        self.text_cache = {}
        self.screenshot_cache = {}
        self.pdf_cache = {}

    def has(self, url, *types):
        return url in self.text_cache or url in self.pdf_cache

    def has_pdf(self, url):
        return url in self.pdf_cache

    def get_text(self, url):
        return self.text_cache.get(url)

    def get_screenshot(self, url):
        return self.screenshot_cache.get(url)
