import CFreeType
