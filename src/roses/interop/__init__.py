"""Research interop (docs/interop.md): fixed-shape tensors of a seat's view
(:mod:`roses.interop.tensors`, numpy only) and adapters for PettingZoo
(:mod:`roses.interop.pettingzoo`), Gymnasium (:mod:`roses.interop.gymnasium`) and OpenSpiel
(:mod:`roses.interop.openspiel`), each needing its optional extra. Importing this package imports
none of the toolkits."""
