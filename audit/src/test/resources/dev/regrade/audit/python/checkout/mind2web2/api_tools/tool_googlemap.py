class GoogleMapsTool:
    """Would call the network; the driver answers calculate_distance from the world's distance table."""

    def __init__(self):
        raise RuntimeError("the stand-in engine's maps tool needs a key and the network")

    async def calculate_distance(self, address1, address2, mode="driving"):
        raise RuntimeError("network")
