import CZlib
