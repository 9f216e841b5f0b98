print("svga")
