"""Fixed-shape numpy tensors of a seat's view for every game (see :mod:`.base`)."""
from .base import (RECALL, information_state_tensor, layout, observation_tensor, own_actions,
                   tensor_size)

__all__ = ["RECALL", "information_state_tensor", "layout", "observation_tensor", "own_actions",
           "tensor_size"]
