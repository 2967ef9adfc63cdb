print("listlayout")
